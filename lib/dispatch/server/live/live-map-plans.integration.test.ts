import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import type { Prisma } from '@/prisma/generated/client';
import { driverPositionsQuery } from '@/lib/dispatch/server/live/list-driver-positions';
import { openDispatchesQuery } from '@/lib/dispatch/server/live/list-open-dispatches';

// The live map re-reads every 2.5 s per open console: both of its statements must be served by
// indexes and stay bounded however many finished dispatches the table holds. The plans are
// read with sequential scans priced out, as lib/dispatch/list-dispatches-indexes does.

async function planOf(query: Prisma.Sql): Promise<string> {
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
    const rows = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>`EXPLAIN ${query}`;
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the live map reads through indexes', () => {
  it('takes the newest open dispatches per state from (state, created_at, id)', async () => {
    const plan = await planOf(openDispatchesQuery());
    expect(plan).not.toMatch(/Seq Scan on dispatches/);
    expect(plan).toMatch(/dispatches_state_created_at_id_idx/);
    expect(plan).toMatch(/Limit/);
  });

  it('takes the most recently reported drivers from last_position_at', async () => {
    const plan = await planOf(driverPositionsQuery());
    expect(plan).not.toMatch(/Seq Scan on drivers/);
    expect(plan).toMatch(/drivers_last_position_at_idx/);
  });
});
