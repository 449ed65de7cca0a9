import { getEnv, type Env } from '@/lib/platform/server/env';
import { addressBookGeocoder, withoutRepeats } from '@/lib/dispatch/server/internal/geocoding/address-book';
import { nominatimGeocoder } from '@/lib/dispatch/server/internal/geocoding/nominatim';
import { photonGeocoder } from '@/lib/dispatch/server/internal/geocoding/photon';
import { GeocoderUnavailable, type GeocodeResult, type Geocoder, type GeoPoint } from '@/lib/dispatch/server/geocoding/types';

// The address search of one account: its address book always, and the configured geocoding
// service when there is one. The service is a help, never a dependency: when it fails, is late
// or is rate-limited, the answer is the address book's alone and says so (`service`), so the
// dashboard keeps working and the route never answers 500 for someone else's outage.

/** What the service did for this answer: none configured, answered, failed (address book only), or was not needed. */
export type ServiceStatus = 'none' | 'ok' | 'unavailable' | 'not_asked';

/** The configured service's geocoder (GEOCODER_URL, GEOCODER_API), or null without one. */
export function serviceGeocoder(env: Env = getEnv()): Geocoder | null {
  if (!env.GEOCODER_URL) return null;
  const config = {
    baseUrl: env.GEOCODER_URL,
    timeoutMs: env.GEOCODER_TIMEOUT_MS,
    userAgent: env.GEOCODER_USER_AGENT,
    minIntervalMs: env.GEOCODER_MIN_INTERVAL_MS,
  };
  return env.GEOCODER_API === 'photon' ? photonGeocoder(config) : nominatimGeocoder(config);
}

/** The account's own addresses first (they are the ones staff mean), then the service's, each address once. */
export function mergeResults(book: GeocodeResult[], service: GeocodeResult[], limit: number): GeocodeResult[] {
  return withoutRepeats([...book, ...service]).slice(0, limit);
}

/** The service's answer, or `unavailable` (logged) when it failed; any other error is a bug and is thrown. */
async function askService<T>(ask: () => Promise<T>): Promise<{ value: T; service: 'ok' } | { value: null; service: 'unavailable' }> {
  try {
    return { value: await ask(), service: 'ok' };
  } catch (error) {
    if (!(error instanceof GeocoderUnavailable)) throw error;
    console.warn(JSON.stringify({ level: 'warn', message: 'geocoding service unavailable: address book only', error: error.message }));
    return { value: null, service: 'unavailable' };
  }
}

export async function searchAddresses(options: {
  accountId: string;
  query: string;
  near?: GeoPoint;
  limit: number;
  language?: string;
}): Promise<{ data: GeocodeResult[]; service: ServiceStatus }> {
  const { accountId, query, ...searchOptions } = options;
  const service = serviceGeocoder();
  // Both at once: the service's timeout is the search's longest wait, not added to the database's.
  const [book, answer] = await Promise.all([
    addressBookGeocoder(accountId).search(query, searchOptions),
    service ? askService(() => service.search(query, searchOptions)) : null,
  ]);
  return { data: mergeResults(book, answer?.value ?? [], options.limit), service: answer?.service ?? 'none' };
}

export async function reverseGeocode(options: {
  accountId: string;
  point: GeoPoint;
  language?: string;
}): Promise<{ data: GeocodeResult | null; service: ServiceStatus }> {
  // A pin on one of the account's own addresses is named as the account names it, without asking the service.
  const known = await addressBookGeocoder(options.accountId).reverse(options.point);
  const service = serviceGeocoder();
  if (known) return { data: known, service: service ? 'not_asked' : 'none' };
  if (!service) return { data: null, service: 'none' };
  const answer = await askService(() => service.reverse(options.point, { language: options.language }));
  return { data: answer.value, service: answer.service };
}
