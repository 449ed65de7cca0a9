import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/components/platform/client/api-fetch';
import type { Locale } from '@/components/platform/i18n/locale';
import type { ServiceStatus } from '@/lib/dispatch/server/geocoding/account-geocoder';
import type { GeocodeResult, GeoPoint } from '@/lib/dispatch/server/geocoding/types';

// The address search of the dispatch form (GET /api/staff/geocode/search and …/reverse).

export type { GeocodeResult, GeoPoint };

export interface AddressSearchAnswer {
  data: GeocodeResult[];
  service: ServiceStatus;
}

/** ~100 m: a `near` this close is the same bias, and the same cache entry. */
const NEAR_DECIMALS = 3;

export const addressKeys = {
  all: ['addresses'] as const,
  search: (q: string, near: GeoPoint | null, locale: Locale) =>
    [...addressKeys.all, 'search', q, near ? `${near.lat.toFixed(NEAR_DECIMALS)},${near.lng.toFixed(NEAR_DECIMALS)}` : null, locale] as const,
};

export function addressSearchQuery(q: string, near: GeoPoint | null, locale: Locale) {
  const [, , , nearParam] = addressKeys.search(q, near, locale);
  const params = new URLSearchParams({ q, lang: locale, ...(nearParam ? { near: nearParam } : {}) });
  return queryOptions({
    queryKey: addressKeys.search(q, near, locale),
    // TanStack's signal cancels a search the next keystroke superseded.
    queryFn: ({ signal }) => apiFetch<AddressSearchAnswer>(`/api/staff/geocode/search?${params}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The address at a pin (null when none is known). */
export async function reverseAddress(point: GeoPoint, locale: Locale, signal?: AbortSignal): Promise<GeocodeResult | null> {
  const params = new URLSearchParams({ lat: String(point.lat), lng: String(point.lng), lang: locale });
  return (await apiFetch<{ data: GeocodeResult | null }>(`/api/staff/geocode/reverse?${params}`, { signal })).data;
}
