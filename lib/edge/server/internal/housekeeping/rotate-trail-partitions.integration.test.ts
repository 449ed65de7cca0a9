import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { rotateTrailPartitions } from '@/lib/edge/server/internal/housekeeping/rotate-trail-partitions';

// The trail's day partitions: made ahead, dropped whole past retention, and the DEFAULT
// partition's rows moved into a day of their own when housekeeping had not made it in time.

const DAY = 86_400_000;

async function partitions(): Promise<string[]> {
  const rows = await db().$queryRaw<{ name: string }[]>`
    SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'driver_trail'::regclass ORDER BY 1`;
  return rows.map((row) => row.name);
}

function dayName(ms: number): string {
  return `driver_trail_${new Date(ms).toISOString().slice(0, 10).replace(/-/g, '')}`;
}

async function insertAt(dispatchId: string, at: Date) {
  await db().$executeRaw`
    INSERT INTO driver_trail (dispatch_id, recorded_at, driver_id, lat, lng, state) VALUES (${dispatchId}, ${at}, 'drv_test', 24.7, 46.6, 'accepted')`;
}

async function rowsOf(dispatchId: string): Promise<{ partition: string; recordedAt: Date }[]> {
  return db().$queryRaw`
    SELECT tableoid::regclass::text AS partition, recorded_at AS "recordedAt" FROM driver_trail WHERE dispatch_id = ${dispatchId} ORDER BY recorded_at`;
}

describe('rotateTrailPartitions', () => {
  it('has today’s and the next days’ partitions after the migration', async () => {
    const now = Date.now();
    expect(await partitions()).toEqual(expect.arrayContaining([dayName(now), dayName(now + DAY), dayName(now + 2 * DAY), 'driver_trail_default']));
  });

  it('makes the coming days’ partitions and drops the days older than the retention, keeping recent rows', async () => {
    const now = new Date();
    const retentionDays = 5;
    // Rows 9 and 7 days old (caught by DEFAULT: no partition existed for them) and 3 days old.
    const nineDaysAgo = new Date(now.getTime() - 9 * DAY);
    const sevenDaysAgo = new Date(now.getTime() - 7 * DAY);
    const threeDaysAgo = new Date(now.getTime() - 3 * DAY);
    for (const at of [nineDaysAgo, sevenDaysAgo, threeDaysAgo]) await insertAt('dsp_rotation', at);
    expect((await rowsOf('dsp_rotation')).map((row) => row.partition)).toEqual(['driver_trail_default', 'driver_trail_default', 'driver_trail_default']);

    // A run a day from now: its today and the two days after exist (the last one new); the days
    // 9 and 7 days ago (10 and 8 at that "now") go, the one 3 days ago (4) stays.
    const later = new Date(now.getTime() + DAY);
    const { created, dropped } = await rotateTrailPartitions({ now: later, retentionDays });
    expect(dropped).toEqual(expect.arrayContaining([dayName(nineDaysAgo.getTime()), dayName(sevenDaysAgo.getTime())]));
    expect(dropped).not.toContain(dayName(threeDaysAgo.getTime()));
    expect(created).toBeGreaterThanOrEqual(1 + 3);
    const names = await partitions();
    for (const gone of [dayName(nineDaysAgo.getTime()), dayName(sevenDaysAgo.getTime())]) expect(names).not.toContain(gone);
    for (const day of [1, 2, 3]) expect(names).toContain(dayName(now.getTime() + day * DAY));
    // The threeDaysAgo row was moved out of DEFAULT into its own day, and is kept.
    expect(await rowsOf('dsp_rotation')).toEqual([{ partition: dayName(threeDaysAgo.getTime()), recordedAt: threeDaysAgo }]);
    const [leftOver] = await db().$queryRaw<{ tables: number }[]>`
      SELECT count(*)::int AS tables FROM pg_class WHERE relname = ANY(${[dayName(nineDaysAgo.getTime()), dayName(sevenDaysAgo.getTime())]}::text[])`;
    expect(leftOver!.tables).toBe(0);

    // Again at the same time: nothing more to make or drop.
    expect(await rotateTrailPartitions({ now: later, retentionDays })).toEqual({ created: 0, dropped: [] });
    // An insert for any day lands somewhere: DEFAULT catches a day with no partition.
    await insertAt('dsp_rotation', new Date(now.getTime() + 30 * DAY));
    expect((await rowsOf('dsp_rotation')).at(-1)!.partition).toBe('driver_trail_default');
  });
});
