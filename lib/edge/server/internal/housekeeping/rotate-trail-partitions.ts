import { db } from '@/lib/platform/server/db/client';
import { firstTrailDayKept, trailDaysToPrepare } from '@/lib/fleet/server/drivers/trail-partitions';

// The drivers' trail (driver_trail) is partitioned by UTC day. Once an hour, beside the purge of
// expired rows, housekeeping makes the partitions of today and the next days (and of any day the
// DEFAULT partition caught) and drops the days older than POSITION_RETENTION_DAYS: whole tables,
// so retention costs the same for ten drivers or ten thousand, and leaves no dead rows to vacuum.

/**
 * Dropping a partition takes an ACCESS EXCLUSIVE lock on the trail's table: it waits for the
 * inserts running (each a few milliseconds) and, while it waits, holds back every insert after
 * it, so every driver's position. Waiting longer than this gives up until the next hour (a day
 * has 24 tries) rather than hold positions up beyond their latency budget.
 */
const LOCK_TIMEOUT = '100ms';

export async function rotateTrailPartitions(options: { now?: Date; retentionDays: number }): Promise<{ created: number; dropped: string[] }> {
  const now = options.now ?? new Date();
  const { first, last } = trailDaysToPrepare(now);
  const firstKept = firstTrailDayKept(now, options.retentionDays);
  // One statement each (its own transaction, no connection held across round trips): a drop that
  // times out on its lock does not undo the partitions made. The lock timeout is set for the
  // statement's transaction before the function runs (a MATERIALIZED CTE is evaluated first).
  const [made] = await db().$queryRaw<{ made: number }[]>`
    WITH bounded AS MATERIALIZED (SELECT set_config('lock_timeout', ${LOCK_TIMEOUT}, true))
    SELECT driver_trail_prepare(${first}::date, ${last}::date) AS made FROM bounded`;
  const [gone] = await db().$queryRaw<{ dropped: string[] }[]>`
    WITH bounded AS MATERIALIZED (SELECT set_config('lock_timeout', ${LOCK_TIMEOUT}, true))
    SELECT driver_trail_drop_before(${firstKept}::date) AS dropped FROM bounded`;
  return { created: made?.made ?? 0, dropped: gone?.dropped ?? [] };
}
