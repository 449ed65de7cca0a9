import { beforeEach, describe, expect, it } from 'vitest';
import { updateAccountModes } from '@/lib/accounts/server/update-account-modes';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import { CANCEL_REASONS } from '@/lib/dispatch/shared/cancel-reasons';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { DispatchRecordSchema } from '@/lib/dispatch/shared/schemas';
import { createDriver } from '@/lib/fleet/server/drivers/create-driver';
import { recordDriverPosition } from '@/lib/fleet/server/drivers/record-driver-position';
import { acceptOffer } from '@/lib/fleet/server/internal/offers/accept-offer';
import { DispatchEngine } from '@/lib/engine/server/live/engine';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';
import type { Status } from '@/lib/dispatch/shared/transitions/statuses';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { call, callTwiceIdempotent, expectRefusedUnwritten } from '@/test/api';
import { deliverAll, setUpDeliveryHarness } from '@/test/delivery-harness';
import { dispatchBody, newAccount, newAdminSession, newDriver, newStaffSession } from '@/test/fixtures';

const OPS = { refType: 'admin', refId: 'test' } as const;
const { receiver } = setUpDeliveryHarness();

/** A new dispatch of the account, moved through `path` (statuses after `new`) as the ops API would. */
async function dispatchIn(accountId: string, path: Status[] = [], driverId?: string) {
  const { id } = await createDispatch({ accountId, input: dispatchBody() });
  for (const status of path) {
    if (status === 'assigned') {
      await assignDriver({ id, scope: platformScope(), driverId: driverId ?? (await newDriver()).id, actor: OPS });
    } else {
      await changeStatus({ id, scope: platformScope(), status, actor: OPS });
    }
  }
  return id;
}

/** What a refused or repeated request must leave as it was: the row and its events. */
async function written(id: string) {
  const row = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { record: true, state: true, cancelReason: true, eventSeq: true } });
  const events = await db().dispatchEvent.count({ where: { dispatchId: id } });
  return { ...row, events };
}

const cancel = (id: string, apiKey: string, body: unknown = { reason: 'customer_cancelled' }) => call('POST', `/ext/dispatch/${id}/cancel`, { apiKey, body });

describe('POST /ext/dispatch/{id}/cancel', () => {
  for (const reason of CANCEL_REASONS) {
    it(`cancels with reason ${reason}: the record, the status entry and the event say so`, async () => {
      const account = await newAccount();
      const id = await dispatchIn(account.id);
      const body = reason === 'other' ? { reason, reason_text: 'Wrong branch chosen' } : { reason };
      const response = await cancel(id, account.api_key, body);
      expect(response.status).toBe(200);
      const record = DispatchRecordSchema.parse(response.body.data);
      const entry = record.status.at(-1)!;
      expect(entry).toMatchObject({ status: 'cancelled', ref_type: 'vendor', ref_id: account.id });
      expect(record.cancellation).toEqual({
        reason,
        reason_text: reason === 'other' ? 'Wrong branch chosen' : null,
        by: { ref_type: 'vendor', ref_id: account.id },
        at: entry.status_captured_time,
        failure: null,
      });
      expect((await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body.data).toEqual(record);
      const events = await db().dispatchEvent.findMany({ where: { dispatchId: id }, orderBy: { sequence: 'asc' }, select: { type: true, actorType: true, actorId: true } });
      expect(events.at(-1)).toEqual({ type: 'dispatch.status_updated', actorType: 'vendor', actorId: account.id });
    });
  }

  it('keeps reason_text with any reason, trimmed; the list shows the cancellation too', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.id, ['assigned', 'accepted', 'ready_for_pickup']);
    const response = await cancel(id, account.api_key, { reason: 'kitchen_cannot_prepare', reason_text: '  Out of buns  ' });
    expect(response.status).toBe(200);
    expect(response.body.data.cancellation).toMatchObject({ reason: 'kitchen_cannot_prepare', reason_text: 'Out of buns' });
    const list = await call('GET', '/ext/dispatches?status=cancelled', { apiKey: account.api_key });
    expect(list.body.data).toEqual([response.body.data]);
  });

  it('has no cancellation (null) while the dispatch is not cancelled', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.id, ['assigned']);
    expect((await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body.data.cancellation).toBeNull();
  });

  for (const [state, path] of [
    ['picked_up', ['assigned', 'accepted', 'picked_up']],
    ['picked_up', ['assigned', 'accepted', 'picked_up', 'near_destination']],
    ['delivered', ['assigned', 'accepted', 'picked_up', 'delivered']],
    ['qa_qc', ['assigned', 'accepted', 'picked_up', 'delivered', 'qa_qc']],
    ['dispatch_rejected', ['dispatch_rejected']],
  ] as [string, Status[]][]) {
    it(`refuses after ${path.at(-1)}: 409 invalid_state naming "${state}", nothing written`, async () => {
      const account = await newAccount();
      const id = await dispatchIn(account.id, path);
      const response = await expectRefusedUnwritten(() => written(id), () => cancel(id, account.api_key), 409);
      expect(response.body).toEqual({ error: 'invalid_state', error_desc: `The dispatch cannot be cancelled: it is ${state}` });
    });
  }

  it('answers a repeat cancel with the same record and writes one event only; the first reason stands', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.id, ['assigned']);
    const first = await cancel(id, account.api_key, { reason: 'duplicate_order' });
    const after = await written(id);
    const again = await cancel(id, account.api_key, { reason: 'address_problem' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await written(id)).toEqual(after);
    const cancelled = await db().dispatchEvent.findMany({ where: { dispatchId: id, type: 'dispatch.status_updated' }, select: { payload: true } });
    expect(cancelled.filter((event) => JSON.stringify(event.payload).includes('"status":"cancelled"')).length).toBe(1);
  });

  it('replays the first answer under the same Idempotency-Key', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.id);
    const [first] = await callTwiceIdempotent('POST', `/ext/dispatch/${id}/cancel`, { apiKey: account.api_key, key: `cancel-${id}`, body: { reason: 'customer_cancelled' } });
    expect(first.status).toBe(200);
    expect(await db().dispatchEvent.count({ where: { dispatchId: id } })).toBe(2);
  });

  for (const [name, body, field] of [
    ['no body fields', {}, 'reason'],
    ['an unknown reason', { reason: 'changed_mind' }, 'reason'],
    ['other without reason_text', { reason: 'other' }, 'reason_text'],
    ['other with blank reason_text', { reason: 'other', reason_text: '   ' }, 'reason_text'],
    ['reason_text over 500 characters', { reason: 'customer_cancelled', reason_text: 'x'.repeat(501) }, 'reason_text'],
    ['a NUL in reason_text', { reason: 'customer_cancelled', reason_text: 'a\u0000b' }, 'reason_text'],
    ['an array', [], ''],
  ] as [string, unknown, string][]) {
    it(`refuses ${name}: 400 invalid_request, nothing written`, async () => {
      const account = await newAccount();
      const id = await dispatchIn(account.id);
      const response = await expectRefusedUnwritten(() => written(id), () => cancel(id, account.api_key, body), 400, 'invalid_request');
      expect(response.body.error_desc).toContain(field);
    });
  }

  it("answers 404 for another account's dispatch and an unknown id, and 401 without a key", async () => {
    const [mine, theirs] = [await newAccount(), await newAccount()];
    const id = await dispatchIn(theirs.id);
    await expectRefusedUnwritten(() => written(id), () => cancel(id, mine.api_key), 404, 'not_found');
    expect((await cancel('dsp_missing', mine.api_key)).status).toBe(404);
    expect((await call('POST', `/ext/dispatch/${id}/cancel`, { body: { reason: 'other', reason_text: 'x' } })).status).toBe(401);
  });

  it('carries the cancellation in the dispatch.status_updated webhook', async () => {
    const account = await newAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/${account.id}`, allowPrivate: true });
    const id = await dispatchIn(account.id);
    const response = await cancel(id, account.api_key, { reason: 'address_problem', reason_text: 'No such street' });
    await deliverAll();
    const bodies = receiver.received.filter((request) => request.path.endsWith(`/${account.id}`)).map((request) => JSON.parse(request.body));
    const delivered = bodies.find((body) => body.type === 'dispatch.status_updated' && body.payload.status.at(-1).status === 'cancelled');
    expect(delivered.payload.cancellation).toEqual(response.body.data.cancellation);
    expect(delivered.payload.cancellation).toMatchObject({ reason: 'address_problem', reason_text: 'No such street', by: { ref_type: 'vendor', ref_id: account.id } });
  });
});

describe('POST /api/staff/dispatches/{id}/cancel', () => {
  it('cancels as `vendor` with the staff member’s user id, through the same rule', async () => {
    const account = await newAccount();
    const { cookie, user } = await newStaffSession(account.id);
    const id = await dispatchIn(account.id, ['assigned']);
    const response = await call('POST', `/api/staff/dispatches/${id}/cancel`, { cookie, body: { reason: 'other', reason_text: 'Closing early' } });
    expect(response.status).toBe(200);
    expect(response.body.data.status.at(-1)).toMatchObject({ status: 'cancelled', ref_type: 'vendor', ref_id: user.id });
    expect(response.body.data.cancellation).toMatchObject({ reason: 'other', reason_text: 'Closing early', by: { ref_type: 'vendor', ref_id: user.id } });
    const picked = await dispatchIn(account.id, ['assigned', 'accepted', 'picked_up']);
    const refused = await call('POST', `/api/staff/dispatches/${picked}/cancel`, { cookie, body: { reason: 'customer_cancelled' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error_desc).toContain('picked_up');
    expect((await call('POST', `/api/staff/dispatches/${id}/cancel`, { cookie, body: { reason: 'nope' } })).status).toBe(400);
  });
});

describe('POST /api/admin/dispatches/{id}/cancel', () => {
  it('cancels any account’s dispatch as `admin` with the admin’s id; staff are refused', async () => {
    const account = await newAccount();
    const admin = await newAdminSession();
    const id = await dispatchIn(account.id, ['assigned', 'accepted']);
    const response = await call('POST', `/api/admin/dispatches/${id}/cancel`, { cookie: admin.cookie, body: { reason: 'kitchen_cannot_prepare' } });
    expect(response.status).toBe(200);
    expect(response.body.data.cancellation).toMatchObject({ reason: 'kitchen_cannot_prepare', reason_text: null, by: { ref_type: 'admin', ref_id: admin.user.id } });
    const { cookie } = await newStaffSession(account.id);
    expect((await call('POST', `/api/admin/dispatches/${id}/cancel`, { cookie, body: { reason: 'other', reason_text: 'x' } })).status).toBe(403);
  });

  it('shows a reasonless cancellation for a cancel recorded through the status route (as before this change)', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.id, ['assigned', 'cancelled']);
    const record = (await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body.data;
    expect(record.cancellation).toEqual({ reason: null, reason_text: null, by: { ref_type: 'admin', ref_id: 'test' }, at: record.status.at(-1).status_captured_time, failure: null });
  });
});

describe('the assigned driver', () => {
  beforeEach(async () => {
    // Drivers are platform-wide: each test starts with none available.
    await db().driver.updateMany({ data: { isActive: false } });
  });

  it('is released at once: the next round offers them the next dispatch', async () => {
    const account = await newAccount();
    await updateAccountModes({ accountId: account.id, input: { auto_assign: true } });
    const driver = await createDriver({ input: { name: 'Released driver', fleet_id: 'fleet-1', on_duty: true } });
    const pickup = dispatchBody().pickup;
    await recordDriverPosition({ driverId: driver.id, lat: pickup.lat, lng: pickup.lng });
    const offerOf = (dispatchId: string) => db().dispatchOffer.findFirst({ where: { dispatchId, state: 'pending' }, select: { id: true, driverId: true } });
    // The dispatch engine's rounds make the offers (lib/engine/server); run by hand here.
    const rounds = new DispatchEngine({ roundMs: 60_000 });
    const soon = () => {
      const body = dispatchBody();
      return createDispatch({ accountId: account.id, input: { ...body, vendor_payload: { ...body.vendor_payload!, pickup_wait_time: 0 } } });
    };
    const first = await soon();
    await rounds.runRound();
    const offer = await offerOf(first.id);
    expect(offer?.driverId).toBe(driver.id);
    await acceptOffer({ offerId: offer!.id, driverId: driver.id });
    // Busy: the next dispatch waits.
    const waiting = await soon();
    await rounds.runRound();
    expect(await offerOf(waiting.id)).toBeNull();
    await cancelDispatch({ id: first.id, scope: accountScope(account.id), input: { reason: 'customer_cancelled' }, actor: { refType: 'vendor', refId: account.id } });
    await cancelDispatch({ id: waiting.id, scope: accountScope(account.id), input: { reason: 'customer_cancelled' }, actor: { refType: 'vendor', refId: account.id } });
    const next = await soon();
    await rounds.runRound();
    expect((await offerOf(next.id))?.driverId).toBe(driver.id);
  });
});

describe('a cancel racing the pickup', () => {
  // Both lock the dispatch row; whichever commits first wins, the other is refused with a 409
  // (invalid_state for the cancel, invalid_transition for the pickup), never a 500 or both.
  it('ends with exactly one winner, every time', async () => {
    const account = await newAccount();
    const outcomes = { cancelled: 0, picked_up: 0 };
    for (let round = 0; round < 25; round++) {
      const id = await dispatchIn(account.id, ['assigned', 'accepted']);
      const [cancelled, picked] = await Promise.all([
        cancel(id, account.api_key),
        call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status: 'picked_up', ref_type: 'driver', ref_id: 'drv_racer' } }),
      ]);
      expect([cancelled.status, picked.status].sort()).toEqual([200, 409]);
      const winner = cancelled.status === 200 ? 'cancelled' : 'picked_up';
      outcomes[winner]++;
      if (winner === 'cancelled') expect(picked.body.error).toBe('invalid_transition');
      else expect(cancelled.body).toEqual({ error: 'invalid_state', error_desc: 'The dispatch cannot be cancelled: it is picked_up' });
      const row = await written(id);
      expect(row.state).toBe(winner);
      const history = (row.record as { status: { status: string }[] }).status.map((entry) => entry.status);
      expect(history.filter((status) => status === 'cancelled' || status === 'picked_up')).toEqual([winner]);
      expect(row.events).toBe(5); // new, assigned and driver_assigned, accepted, then the winner
    }
    expect(outcomes.cancelled + outcomes.picked_up).toBe(25);
  });
});
