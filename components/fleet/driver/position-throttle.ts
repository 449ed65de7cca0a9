// How the app thins the phone's GPS fixes before they cost a request (watchPosition may report
// every second). A fix is kept when it is the first, when the driver moved MIN_MOVE_M from the
// last kept one, or when MIN_INTERVAL_MS passed since it; kept fixes are sent together at most
// once per MIN_INTERVAL_MS (batches of at most MAX_BATCH, the API's limit). A driver parked at a
// restaurant costs one small request every 10 s; one driving gets a point every 50 m, which is
// what the geofences (near_pickup, near_destination) need, in one request per 10 s.

export const MIN_INTERVAL_MS = 10_000;
export const MIN_MOVE_M = 50;
export const MAX_BATCH = 50;

export interface Fix {
  lat: number;
  lng: number;
  accuracy_m?: number;
  /** ISO time of the fix. */
  at: string;
}

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: Pick<Fix, 'lat' | 'lng'>, b: Pick<Fix, 'lat' | 'lng'>): number {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a new fix is worth sending, given the last one kept. */
export function isWorthKeeping(fix: Fix, lastKept: Fix | null): boolean {
  if (!lastKept) return true;
  const elapsed = Date.parse(fix.at) - Date.parse(lastKept.at);
  return elapsed >= MIN_INTERVAL_MS || distanceM(fix, lastKept) >= MIN_MOVE_M;
}

/** Splits queued fixes into request-sized batches, oldest first. */
export function batchesOf(fixes: readonly Fix[]): Fix[][] {
  const batches: Fix[][] = [];
  for (let start = 0; start < fixes.length; start += MAX_BATCH) batches.push(fixes.slice(start, start + MAX_BATCH));
  return batches;
}
