// The one shape of the address search, whoever answers it: the account's address book or a
// geocoding service (Nominatim- or Photon-compatible). docs/geocoding.md describes the settings.

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** Where a result came from: the dashboard lists the account's own addresses first, labelled. */
export type GeocodeSource = 'address_book' | 'service';

export interface GeocodeResult {
  /** The address as the address line of a dispatch would hold it. */
  label: string;
  lat: number;
  lng: number;
  source: GeocodeSource;
}

export interface SearchOptions {
  /** Results near this point rank first (the branch, or the pickup pin). */
  near?: GeoPoint;
  limit: number;
  /** The language the staff member reads the dashboard in, for services that name places in several. */
  language?: string;
}

/**
 * An address search. An implementation backed by a service throws GeocoderUnavailable when the
 * service fails or is late; the account's geocoder (account-geocoder.ts) then answers from the
 * address book alone, so the dashboard never sees the outage as an error.
 */
export interface Geocoder {
  search(query: string, options: SearchOptions): Promise<GeocodeResult[]>;
  /** The address at a point (a dropped pin); null when there is none. */
  reverse(point: GeoPoint, options?: { language?: string }): Promise<GeocodeResult | null>;
}

/** The service failed, was late, or was asked too soon after the last request (GEOCODER_MIN_INTERVAL_MS). */
export class GeocoderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailable';
  }
}
