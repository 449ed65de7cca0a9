import { GeocoderUnavailable } from '@/lib/dispatch/server/geocoding/types';

/** How a service-backed geocoder reaches its service (from the GEOCODER_* settings). */
export interface ServiceConfig {
  /** Base URL: paths such as `/search` are appended to its path; its query parameters (an API key) are kept. */
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
  /** The shortest time between two requests of this process; 0: no limit. */
  minIntervalMs: number;
}

/**
 * The start of the last request of each service (per base URL), for GEOCODER_MIN_INTERVAL_MS.
 * Per process: public Nominatim's one request a second is a courtesy limit, and a search that
 * would break it answers from the address book rather than wait (the staff member is typing).
 */
const lastRequestAt = new Map<string, number>();

/** Whether a request may start now; records it when it may. */
export function takeRequestSlot(config: Pick<ServiceConfig, 'baseUrl' | 'minIntervalMs'>, now = Date.now()): boolean {
  if (config.minIntervalMs <= 0) return true;
  const last = lastRequestAt.get(config.baseUrl);
  if (last !== undefined && now - last < config.minIntervalMs) return false;
  lastRequestAt.set(config.baseUrl, now);
  return true;
}

/** The JSON answer of `GET {baseUrl}{path}?{params}`; GeocoderUnavailable for any failure (refused, late, not 2xx, not JSON). */
export async function getServiceJson(config: ServiceConfig, path: string, params: Record<string, string | undefined>, language?: string): Promise<unknown> {
  if (!takeRequestSlot(config)) throw new GeocoderUnavailable('asked again within GEOCODER_MIN_INTERVAL_MS');
  // The base URL's own query (a hosted API's `?key=…`) is kept; the API's path goes after its path.
  const url = new URL(config.baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': config.userAgent, ...(language ? { 'accept-language': language } : {}) },
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'follow',
    });
  } catch (error) {
    throw new GeocoderUnavailable(`the geocoding service did not answer: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeocoderUnavailable(`the geocoding service answered ${response.status}`);
  }
  try {
    // The body is read under the same timeout (the signal covers it).
    return await response.json();
  } catch (error) {
    throw new GeocoderUnavailable('the geocoding service answered something other than JSON', { cause: error });
  }
}

/** A coordinate as services write it (Nominatim: strings; Photon: numbers), or null when it is not one. */
export function coordinateOf(value: unknown, limit: 90 | 180): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}
