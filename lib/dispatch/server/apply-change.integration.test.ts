import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { applyChange, lockDispatch, TX_OPTIONS } from '@/lib/dispatch/server/apply-change';
import { changeDestination } from '@/lib/dispatch/server/internal/change-destination';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { dispatchBody, newAccount } from '@/test/fixtures';

// Every change to a dispatch is written by one SQL function, dispatch_change_apply (lib/dispatch/server/sql),
// and the create shares its history entry (dispatch_status_entry) and its events
// (dispatch_events_append): these hold the bytes they write to what the API has always shown.
const ADMIN = { refType: 'admin', refId: 'ops' } as const;

async function stored(id: string) {
  const [row] = await db().$queryRaw<{ history: string; destination: string; modifiedAt: Date; eventSeq: number; events: number }[]>`
    SELECT d.status_history::text AS history, d.destination::text AS destination, d.modified_at AS "modifiedAt",
           d.event_seq AS "eventSeq", (SELECT count(*)::int FROM dispatch_events e WHERE e.dispatch_id = d.id) AS events
    FROM dispatches d WHERE d.id = ${id}`;
  return row!;
}

describe('the writer of a change', () => {
  it('appends entries as compact JSON in the record’s key order, at the change’s time, keeping earlier entries’ bytes', async () => {
    const account = await newAccount();
    const { id } = await createDispatch({ accountId: account.id, input: dispatchBody(), actor: { refType: 'vendor', refId: 'v"1' } });
    const created = await stored(id);
    const first = JSON.parse(created.history) as object[];
    expect(created.history).toBe(JSON.stringify(first));
    expect(Object.keys(first[0]!)).toEqual(['status', 'status_captured_time', 'ref_id', 'ref_type']);
    expect(first[0]).toEqual({ status: 'new', status_captured_time: formatTimestamp(created.modifiedAt), ref_id: 'v"1', ref_type: 'vendor' });

    await changeStatus({ id, scope: platformScope(), status: 'dispatch_accepted', actor: ADMIN });
    const changed = await stored(id);
    const entry = { status: 'dispatch_accepted', status_captured_time: formatTimestamp(changed.modifiedAt), ref_id: 'ops', ref_type: 'admin' };
    expect(changed.history).toBe(`${created.history.slice(0, -1)},${JSON.stringify(entry)}]`);
    expect([changed.eventSeq, changed.events]).toEqual([2, 2]);
  });

  it('starts a history that a row written by hand left empty', async () => {
    const account = await newAccount();
    const id = `dsp_empty_${account.id}`;
    await db().$executeRaw`
      INSERT INTO dispatches (id, r_id, account_id, state, pickup, destination, user_metadata, vendor_id, vendor_name,
                              vendor_oid, vendor_bid, customer_phone, event_seq, tracking_token, created_at, modified_at)
      VALUES (${id}, ${`E${account.id.slice(-7)}`}, ${account.id}, 'new', '{}', '{}', '{}', 'v', '{}', 'empty', 'b', '+966500000000', 0,
              ${`tok_${id}`}, now(), now())`;
    await changeStatus({ id, scope: platformScope(), status: 'dispatch_accepted', actor: ADMIN });
    const after = await stored(id);
    expect(after.history).toBe(JSON.stringify([{ status: 'dispatch_accepted', status_captured_time: formatTimestamp(after.modifiedAt), ref_id: 'ops', ref_type: 'admin' }]));
    expect([after.eventSeq, after.events]).toEqual([1, 1]);
  });

  it('keeps a json column’s bytes as the caller wrote them', async () => {
    const account = await newAccount();
    const { id } = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const destination = { lng: 46.7, lat: 24.77, address_line: 'طريق الملك عبدالله' };
    await changeDestination({ id, scope: platformScope(), destination, actor: ADMIN });
    const after = await stored(id);
    expect(after.destination).toBe(JSON.stringify(destination));
    expect(JSON.parse(after.history)).toHaveLength(1);
    expect([after.eventSeq, after.events]).toEqual([2, 2]);
  });

  it('refuses a column a change may not write, and writes nothing', async () => {
    const account = await newAccount();
    const { id } = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const before = await stored(id);
    const attempt = db().$transaction(async (tx) => {
      const current = await lockDispatch(tx, { id, scope: platformScope() });
      // @ts-expect-error: not a column of ChangeColumns
      return applyChange(tx, current, { columns: { account_id: 'acc_other' }, actor: ADMIN, events: ['dispatch.details_updated'] });
    }, TX_OPTIONS);
    await expect(attempt).rejects.toThrow(/a change cannot write account_id/);
    expect(await stored(id)).toEqual(before);
  });
});
