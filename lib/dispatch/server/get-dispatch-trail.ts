import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { scopeSql } from '@/lib/platform/server/tenancy/scope-filters';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

/**
 * The most points a trail answers. A driver on a long job sends hundreds of positions (one every
 * few seconds for an hour is over a thousand); a route line on a 340-pixel map needs far fewer,
 * and the page re-reads the trail while the driver moves.
 */
export const TRAIL_MAX_POINTS = 500;

/** How far before the dispatch's creation a position may be stamped (a phone's clock behind the server's). */
const CLOCK_MARGIN_MS = 86_400_000;

/** One position of the driver on the dispatch, oldest first. */
export interface TrailPoint {
  at: string;
  lat: number;
  lng: number;
  /** The dispatch's state when the position was recorded (heading to the pickup or the door). */
  state: string;
  driver_id: string;
}

export interface DispatchTrail {
  points: TrailPoint[];
  /** How many positions the trail holds; more than `points` when it was thinned. */
  total: number;
  thinned: boolean;
}

/**
 * The route the driver took on a dispatch within the scope (404 outside it): the trail's points
 * (driver_trail, written by driver_positions_apply), oldest first. Past TRAIL_MAX_POINTS it is
 * thinned evenly by count, keeping the first and the last position; `total` says how many there
 * are. Positions are kept POSITION_RETENTION_DAYS, so an old dispatch answers an empty trail.
 *
 * Two statements: the scope check reads the dispatch's creation time, and the trail is read with
 * it (less a day for phones' clocks) as a bound, so PostgreSQL skips every day partition before
 * the dispatch existed when it plans the query, and reads the rest through the (dispatch_id,
 * recorded_at) index, in order.
 */
export async function getDispatchTrail(options: { scope: Scope; id: string; maxPoints?: number }): Promise<DispatchTrail> {
  const maxPoints = Math.max(3, options.maxPoints ?? TRAIL_MAX_POINTS);
  const [dispatch] = await db().$queryRaw<{ createdAt: Date }[]>`
    SELECT d.created_at AS "createdAt" FROM dispatches d WHERE d.id = ${options.id} AND ${scopeSql(options.scope, 'd.account_id')}`;
  if (!dispatch) throw dispatchNotFound(options.id);
  // A phone's clock may run behind the server's: positions up to a day before the dispatch count.
  const since = new Date(dispatch.createdAt.getTime() - CLOCK_MARGIN_MS);
  // Every `step`-th position from the first, and the last: at most maxPoints.
  const rows = await db().$queryRaw<{ recordedAt: Date; lat: number; lng: number; state: string; driverId: string; total: number }[]>`
    WITH trail AS (
      SELECT t.recorded_at, t.lat, t.lng, t.state, t.driver_id,
             row_number() OVER (ORDER BY t.recorded_at) AS n, count(*) OVER () AS total
      FROM driver_trail t
      WHERE t.dispatch_id = ${options.id} AND t.recorded_at >= ${since})
    SELECT recorded_at AS "recordedAt", lat, lng, state, driver_id AS "driverId", total::int AS total
    FROM trail
    WHERE total <= ${maxPoints} OR n = total OR (n - 1) % ceil((total - 1)::numeric / ${maxPoints - 2})::bigint = 0
    ORDER BY recorded_at`;
  const total = rows[0]?.total ?? 0;
  return {
    points: rows.map((row) => ({ at: formatTimestamp(row.recordedAt), lat: row.lat, lng: row.lng, state: row.state, driver_id: row.driverId })),
    total,
    thinned: rows.length < total,
  };
}
