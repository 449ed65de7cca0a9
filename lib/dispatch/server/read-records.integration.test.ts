import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { Prisma } from '@/prisma/generated/client';
import { recordByIdQuery } from '@/lib/dispatch/server/read-records';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { dispatchBody, newAccount } from '@/test/fixtures';
import { accountScope } from '@/lib/platform/server/tenancy/scope';

// Regression: with `AND account_id = …` in the WHERE, PostgreSQL read a dispatch through the
// (account_id, vendor_oid) index for accounts newer than its statistics, scanning all of them.
describe('reading a dispatch by id', () => {
  it('uses the primary key even for an account the planner has no statistics for', async () => {
    const old = await newAccount();
    await createDispatch({ accountId: old.id, input: dispatchBody() });
    await db().$executeRawUnsafe('ANALYZE dispatches');

    const fresh = await newAccount();
    await db().$executeRaw`
      INSERT INTO dispatches (id, r_id, account_id, state, pickup, destination, user_metadata, vendor_id, vendor_name,
                              vendor_oid, vendor_bid, customer_phone, event_seq, tracking_token, created_at, modified_at)
      SELECT 'dsp_plan_' || g, 'P' || lpad(g::text, 7, '0'), ${fresh.id}, 'new', '{}', '{}', '{}', 'v', '{}',
             'plan-' || g, 'b', '+966500000000', 0, 'tok_plan_' || g, now(), now()
      FROM generate_series(1, 2000) g`;

    const query = recordByIdQuery({ id: 'dsp_plan_1500', scope: accountScope(fresh.id) });
    const plan = await db().$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${query}`);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('dispatches_pkey');
    expect(text).not.toContain('vendor_oid');

    // Prepared (queryRows names it), PostgreSQL soon keeps one generic plan: it must be the same.
    const generic = await db().$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL plan_cache_mode = force_generic_plan`;
      await tx.$executeRawUnsafe(`PREPARE record_plan AS ${query.text}`);
      const rows = await tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN EXECUTE record_plan(${query.values.map((value) => `'${String(value)}'`).join(', ')})`);
      await tx.$executeRawUnsafe('DEALLOCATE record_plan');
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(generic).toContain('dispatches_pkey');
  });
});
