import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { listConditions, type ListFilters } from '@/lib/dispatches/list-dispatches';

// Every filter of the console's list (no account) and of the staff list (one account) is served
// by an index: the plan of the list's own WHERE, with sequential scans priced out, names the
// index that serves the filter (a missing index would leave a Seq Scan or the created_at index
// with the filter applied row by row).

const FROM = new Date('2026-01-01T00:00:00Z');

async function planOf(accountId: string | undefined, filters: ListFilters): Promise<string> {
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
    const where = Prisma.join(listConditions(accountId, filters), ' AND ');
    const rows = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>`
      EXPLAIN SELECT d.id FROM dispatches d WHERE ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT 26`;
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const CASES: [string, string | undefined, ListFilters, RegExp][] = [
  ['every account, no filter', undefined, {}, /dispatches_created_at_id_idx/],
  ['status', undefined, { status: 'delivered' }, /dispatches_state_created_at_id_idx/],
  ['driver', undefined, { driverId: 'drv_x' }, /dispatches_assigned_driver_id_\w+_idx/],
  ['fleet (through drivers)', undefined, { fleetId: 'fleet-x' }, /drivers_fleet_id_idx[\s\S]*dispatches_assigned_driver_id_\w+_idx|dispatches_assigned_driver_id_\w+_idx[\s\S]*drivers_fleet_id_idx/],
  ['branch', undefined, { vendor_bid: 'branch-x' }, /dispatches_vendor_bid_created_at_id_idx/],
  ['vendor_oid', undefined, { vendor_oid: 'order-x' }, /dispatches_vendor_oid_idx/],
  ['created range', undefined, { created_from: FROM, created_to: new Date('2026-02-01T00:00:00Z') }, /dispatches_created_at_id_idx/],
  ['search (order id, r_id, phone)', undefined, { q: '0500000042' }, /dispatches_vendor_oid_idx[\s\S]*dispatches_r_id_key[\s\S]*dispatches_phone_tail_created_at_id_idx/],
  ['account', 'acc_x', {}, /dispatches_account_id_(created_at_id_idx|\w+_created_at_id_idx|vendor_oid_key)/],
  ['account + status', 'acc_x', { status: 'new' }, /dispatches_(account_id_)?state_created_at_id_idx/],
  ['account + branch', 'acc_x', { vendor_bid: 'b' }, /dispatches_(account_id_)?vendor_bid_created_at_id_idx/],
  ['account + driver', 'acc_x', { driverId: 'drv_x' }, /dispatches_(account_id_)?assigned_driver_id_\w+_idx/],
];

describe('the dispatch list uses an index for every filter', () => {
  it.each(CASES)('%s', async (_name, accountId, filters, expected) => {
    const plan = await planOf(accountId, filters);
    expect(plan).not.toMatch(/Seq Scan on dispatches/);
    expect(plan).toMatch(expected);
  });

  it('prints the plans (for the record)', async () => {
    for (const [name, accountId, filters] of CASES) console.log(`-- ${name}\n${await planOf(accountId, filters)}`);
  });
});
