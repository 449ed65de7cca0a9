import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { Prisma } from '@/prisma/generated/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { isPlannedOnce, listConditions, type ListFilters } from '@/lib/dispatch/server/list-dispatches';
import { recordPageQuery } from '@/lib/dispatch/server/read-records';
import { accountScope, platformScope, type Scope } from '@/lib/platform/server/tenancy/scope';
import { dispatchBody, newAccount } from '@/test/fixtures';

// Every filter of the console's list (no account) and of the staff list (one account) is served
// by an index: the plan of the list's own WHERE, with sequential scans priced out, names the
// index that serves the filter (a missing index would leave a Seq Scan or the created_at index
// with the filter applied row by row).

const FROM = new Date('2026-01-01T00:00:00Z');

async function planOf(scope: Scope, filters: ListFilters): Promise<string> {
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
    const where = Prisma.join(listConditions(scope, filters), ' AND ');
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
async function genericPlanOf(scope: Scope, filters: ListFilters): Promise<string> {
  const query = recordPageQuery({ conditions: listConditions(scope, filters), limit: 25 });
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

const EVERY = platformScope();
const ACCOUNT = accountScope('acc_x');

const CASES: [string, Scope, ListFilters, RegExp][] = [
  // On the empty table the planner may sort a few estimated rows from any index; with statistics
  // it must read created_at's index in order (checked with 400 dispatches below).
  ['every account, no filter', EVERY, {}, /Index (Only )?Scan/],
  ['status', EVERY, { status: 'delivered' }, /dispatches_state_created_at_id_idx/],
  ['driver', EVERY, { driverId: 'drv_x' }, /dispatches_assigned_driver_id_\w+_idx/],
  ['fleet (through drivers)', EVERY, { fleetId: 'fleet-x' }, /drivers_fleet_id_idx[\s\S]*dispatches_assigned_driver_id_\w+_idx|dispatches_assigned_driver_id_\w+_idx[\s\S]*drivers_fleet_id_idx/],
  ['branch', EVERY, { vendor_bid: 'branch-x' }, /dispatches_vendor_bid_created_at_id_idx/],
  ['vendor_oid', EVERY, { vendor_oid: 'order-x' }, /dispatches_vendor_oid_idx/],
  ['created range', EVERY, { created_from: FROM, created_to: new Date('2026-02-01T00:00:00Z') }, /dispatches_created_at_id_idx/],
  ['search (order id, r_id, phone)', EVERY, { q: '0500000042' }, /dispatches_vendor_oid_idx[\s\S]*dispatches_r_id_key[\s\S]*dispatches_phone_tail_created_at_id_idx/],
  ['search (order id, r_id, customer name)', EVERY, { q: 'Sara Al' }, /dispatches_customer_name_key_idx[\s\S]*dispatches_customer_last_name_key_idx/],
  ['search (Arabic customer name)', EVERY, { q: 'مُحَمَّد' }, /dispatches_customer_name_key_idx[\s\S]*dispatches_customer_last_name_key_idx/],
  ['account', ACCOUNT, {}, /dispatches_account_id_(created_at_id_idx|\w+_created_at_id_idx|vendor_oid_key)/],
  ['account + status', ACCOUNT, { status: 'new' }, /dispatches_(account_id_)?state_created_at_id_idx/],
  ['account + branch', ACCOUNT, { vendor_bid: 'b' }, /dispatches_(account_id_)?vendor_bid_created_at_id_idx/],
  ['account + driver', ACCOUNT, { driverId: 'drv_x' }, /dispatches_(account_id_)?assigned_driver_id_\w+_idx/],
];

describe('the dispatch list uses an index for every filter', () => {
  it.each(CASES)('%s', async (_name, scope, filters, expected) => {
    const plan = await planOf(scope, filters);
    expect(plan).not.toMatch(/Seq Scan on dispatches/);
    expect(plan).toMatch(expected);
  });

  it.each(CASES.filter(([, scope, filters]) => isPlannedOnce(scope, filters)))('%s, prepared (generic plan)', async (_name, scope, filters, expected) => {
    const plan = await genericPlanOf(scope, filters);
    expect(plan).not.toMatch(/Seq Scan on dispatches/);
    expect(plan).toMatch(expected);
  });

  it('plans per request where the values choose the index', () => {
    expect(isPlannedOnce(ACCOUNT, { driverId: 'drv_x' })).toBe(true);
    expect(isPlannedOnce(ACCOUNT, { status: 'new', created_from: FROM })).toBe(true);
    expect(isPlannedOnce(ACCOUNT, { status: 'new', vendor_bid: 'b' })).toBe(false);
    expect(isPlannedOnce(ACCOUNT, { q: '0500000042' })).toBe(false);
    expect(isPlannedOnce(EVERY, { status: 'new' })).toBe(false);
  });

  // One account's search, on an empty table, is as cheap through the account's created_at index
  // with the search as a filter; with an account of some size (and its statistics) the planner
  // must OR the search's own indexes, the name keys included, instead of reading the account.
  // (With one account in the table its (account_id, key) indexes add nothing over (key): either.)
  it("the unfiltered list and one account's search by name or phone, with statistics of an account of 400 dispatches", async () => {
    const account = await newAccount();
    for (let i = 0; i < 400; i++) {
      const user_metadata = { id: `c-${i}`, firstName: `First${i}`, lastName: `Last${i}`, email: 'c@example.com', phone: `+9665${String(i).padStart(8, '0')}` };
      await createDispatch({ accountId: account.id, input: dispatchBody({ user_metadata }) });
    }
    await db().$executeRawUnsafe('ANALYZE dispatches');
    const everything = await planOf(EVERY, {});
    console.log(`-- every account, no filter (with statistics)\n${everything}`);
    expect(everything).toMatch(/Index (Only )?Scan using dispatches_created_at_id_idx/);
    expect(everything).not.toMatch(/Sort/);
    const scope = accountScope(account.id);
    const byName = await planOf(scope, { q: 'first12' });
    console.log(`-- account + search (name)\n${byName}`);
    expect(byName).not.toMatch(/Seq Scan on dispatches|dispatches_account_id_created_at_id_idx/);
    expect(byName).toMatch(/dispatches_(account_id_)?customer_name_key_idx[\s\S]*dispatches_(account_id_)?customer_last_name_key_idx/);
    expect(byName).toMatch(/customer_name_key >= 'first12'.*customer_name_key < 'first13'/); // LIKE 'first12%' as a range
    const byPhone = await planOf(scope, { q: '0500000042' });
    console.log(`-- account + search (phone)\n${byPhone}`);
    expect(byPhone).not.toMatch(/Seq Scan on dispatches|dispatches_account_id_created_at_id_idx/);
    expect(byPhone).toMatch(/dispatches_(account_id_)?phone_tail_created_at_id_idx/);
    expect(byPhone).toMatch(/dispatches_(account_id_)?customer_name_key_idx/);
  });

  it('prints the plans (for the record)', async () => {
    for (const [name, scope, filters] of CASES) console.log(`-- ${name}\n${await planOf(scope, filters)}`);
  });
});
