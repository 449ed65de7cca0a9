import { coordinateOf, getServiceJson, type ServiceConfig } from '@/lib/dispatch/server/internal/geocoding/service-request';
import type { GeocodeResult, Geocoder, GeoPoint } from '@/lib/dispatch/server/geocoding/types';

// A Nominatim-compatible service (self-hosted Nominatim, and the commercial APIs that copy it):
// GET /search?q=…&format=jsonv2&limit=… and GET /reverse?lat=…&lon=…&format=jsonv2.

/** Half the side of the box around `near` that ranks results first (degrees, ≈ 25 km): a city. */
export const NEAR_BOX_DEGREES = 0.25;

/**
 * `viewbox` (left,top,right,bottom) around a point. With `bounded=0` it is a preference, not a
 * filter: an address across town still comes, after the ones near the branch.
 */
export function viewboxAround(point: GeoPoint, half = NEAR_BOX_DEGREES): string {
  const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
  const clampLng = (lng: number) => Math.max(-180, Math.min(180, lng));
  return [clampLng(point.lng - half), clampLat(point.lat + half), clampLng(point.lng + half), clampLat(point.lat - half)].join(',');
}

/** One place of a jsonv2 answer as a result; null when it lacks a name or a valid position. */
export function nominatimPlace(place: unknown): GeocodeResult | null {
  if (typeof place !== 'object' || place === null) return null;
  const { display_name: label, lat, lon } = place as Record<string, unknown>;
  const latitude = coordinateOf(lat, 90);
  const longitude = coordinateOf(lon, 180);
  if (typeof label !== 'string' || label.trim() === '' || latitude === null || longitude === null) return null;
  return { label: label.trim(), lat: latitude, lng: longitude, source: 'service' };
}

export function nominatimGeocoder(config: ServiceConfig): Geocoder {
  return {
    async search(query, { near, limit, language }) {
      const answer = await getServiceJson(
        config,
        '/search',
        { q: query, format: 'jsonv2', limit: String(limit), ...(near ? { viewbox: viewboxAround(near), bounded: '0' } : {}) },
        language,
      );
      return Array.isArray(answer) ? answer.map(nominatimPlace).filter((result) => result !== null).slice(0, limit) : [];
    },
    async reverse(point, options) {
      // Nothing there is `{"error":"Unable to geocode"}` with 200: no place, not a failure.
      const answer = await getServiceJson(config, '/reverse', { lat: String(point.lat), lon: String(point.lng), format: 'jsonv2' }, options?.language);
      return nominatimPlace(answer);
    },
  };
}
