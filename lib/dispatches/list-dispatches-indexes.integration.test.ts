import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { isPlannedOnce, listConditions, type ListFilters } from '@/lib/dispatches/list-dispatches';
import { recordPageQuery } from '@/lib/dispatches/read-records';

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

/** A SQL literal of a bound value (the generic plan does not depend on it). */
function literal(value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The plan PostgreSQL keeps for the page's prepared statement (`queryRows` names it): the
 * generic plan, made without the parameters' values, which must use the same indexes.
 */
async function genericPlanOf(accountId: string | undefined, filters: ListFilters): Promise<string> {
  const query = recordPageQuery({ conditions: listConditions(accountId, filters), limit: 25 });
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
    await tx.$executeRaw`SET LOCAL plan_cache_mode = force_generic_plan`;
    await tx.$executeRawUnsafe(`PREPARE page_plan AS ${query.text}`);
    const rows = await tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN EXECUTE page_plan(${query.values.map(literal).join(', ')})`,
    );
    await tx.$executeRawUnsafe('DEALLOCATE page_plan');
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

  it.each(CASES.filter(([, accountId, filters]) => isPlannedOnce(accountId, filters)))('%s, prepared (generic plan)', async (_name, accountId, filters, expected) => {
    const plan = await genericPlanOf(accountId, filters);
    expect(plan).not.toMatch(/Seq Scan on dispatches/);
    expect(plan).toMatch(expected);
  });

  it('plans per request where the values choose the index', () => {
    expect(isPlannedOnce('acc_x', { driverId: 'drv_x' })).toBe(true);
    expect(isPlannedOnce('acc_x', { status: 'new', created_from: FROM })).toBe(true);
    expect(isPlannedOnce('acc_x', { status: 'new', vendor_bid: 'b' })).toBe(false);
    expect(isPlannedOnce('acc_x', { q: '0500000042' })).toBe(false);
    expect(isPlannedOnce(undefined, { status: 'new' })).toBe(false);
  });

  it('prints the plans (for the record)', async () => {
    for (const [name, accountId, filters] of CASES) console.log(`-- ${name}\n${await planOf(accountId, filters)}`);
  });
});
