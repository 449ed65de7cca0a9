// The trail's day partitions (driver_trail, lib/fleet/server/sql/24_driver_trail_*.sql): which days exist
// ahead of time, and which are dropped. One place for both the migration and housekeeping.

/** Partitions exist for today and this many days after (UTC), so an insert never lands in DEFAULT while housekeeping runs at least once a day. */
export const TRAIL_DAYS_AHEAD = 2;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day `ms` falls in. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The days driver_trail_prepare makes sure of at `now`: today through TRAIL_DAYS_AHEAD days on. */
export function trailDaysToPrepare(now: Date): { first: string; last: string } {
  return { first: utcDay(now.getTime()), last: utcDay(now.getTime() + TRAIL_DAYS_AHEAD * DAY_MS) };
}

/**
 * The first day kept with `retentionDays` at `now`: the day of `now - retentionDays`. A day's
 * partition is dropped once its whole day is older than the retention (so a row is kept at least
 * `retentionDays`, at most one day more).
 */
export function firstTrailDayKept(now: Date, retentionDays: number): string {
  return utcDay(now.getTime() - retentionDays * DAY_MS);
}

/** The SQL the migration runs after lib/<module>/server/sql, on whatever connection it has. */
export function prepareTrailQuery(now: Date): { text: string; values: string[] } {
  const { first, last } = trailDaysToPrepare(now);
  return { text: 'SELECT driver_trail_prepare($1::date, $2::date) AS made', values: [first, last] };
}
