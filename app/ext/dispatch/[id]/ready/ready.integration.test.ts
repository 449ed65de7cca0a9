import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import type { Status } from '@/lib/dispatch/shared/transitions/statuses';
import { call, callTwiceIdempotent } from '@/test/api';
import { dispatchBody, newAccount, newDriver, newStaffSession } from '@/test/fixtures';

const OPS = { refType: 'admin', refId: 'test' } as const;

async function dispatchIn(accountId: string, path: Status[] = []) {
  const { id } = await createDispatch({ accountId, input: dispatchBody() });
  for (const status of path) {
    if (status === 'assigned') await assignDriver({ id, scope: platformScope(), driverId: (await newDriver()).id, actor: OPS });
    else await changeStatus({ id, scope: platformScope(), status, actor: OPS });
  }
  return id;
}

async function written(id: string) {
  const row = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { record: true, readyAt: true, eventSeq: true } });
  return { ...row, events: await db().dispatchEvent.count({ where: { dispatchId: id } }) };
}

const ready = (id: string, apiKey: string) => call('POST', `/ext/dispatch/${id}/ready`, { apiKey });
const statuses = (record: { status: { status: string }[] }) => record.status.map((entry) => entry.status);

describe('POST /ext/dispatch/{id}/ready', () => {
  it('records ready_for_pickup as the vendor once the driver has accepted, with its event', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.id, ['assigned', 'accepted']);
    const response = await ready(id, account.api_key);
    expect(response.status).toBe(200);
    const record = response.body.data;
    expect(statuses(record)).toEqual(['new', 'assigned', 'accepted', 'ready_for_pickup']);
    expect(record.status.at(-1)).toMatchObject({ ref_type: 'vendor', ref_id: account.id });
    expect(record.ready_at).toBe(record.status.at(-1).status_captured_time);
    const last = await db().dispatchEvent.findFirst({ where: { dispatchId: id }, orderBy: { sequence: 'desc' }, select: { type: true, actorType: true } });
    expect(last).toEqual({ type: 'dispatch.status_updated', actorType: 'vendor' });
  });

  for (const path of [[], ['assigned']] as Status[][]) {
    it(`said while ${path.at(-1) ?? 'new'}: keeps ready_at, then records ready_for_pickup exactly once after accepted`, async () => {
      const account = await newAccount();
      const id = await dispatchIn(account.id, path);
      const before = await written(id);
      const response = await ready(id, account.api_key);
      expect(response.status).toBe(200);
      expect(response.body.data.ready_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
      expect(statuses(response.body.data)).toEqual(statuses(before.record as never));
      // Kept, not announced: no status changed.
      expect((await written(id)).events).toBe(before.events);
      // Said twice: nothing more.
      const again = await ready(id, account.api_key);
      expect(again.body).toEqual(response.body);

      if (path.length === 0) await assignDriver({ id, scope: platformScope(), driverId: (await newDriver()).id, actor: OPS });
      const accepted = await changeStatus({ id, scope: platformScope(), status: 'accepted', actor: { refType: 'driver', refId: 'drv_x' } });
      expect(statuses(accepted)).toEqual(['new', 'assigned', 'accepted', 'ready_for_pickup']);
      expect(accepted.status.at(-1)).toMatchObject({ ref_type: 'vendor', ref_id: account.id });
      const events = await db().dispatchEvent.findMany({ where: { dispatchId: id }, orderBy: { sequence: 'asc' }, select: { type: true, actorType: true, payload: true } });
      // Each event shows the state it announces: accepted first, then ready_for_pickup.
      const lastTwo = events.slice(-2).map((event) => [event.actorType, statuses(event.payload as never).at(-1)]);
      expect(lastTwo).toEqual([['driver', 'accepted'], ['vendor', 'ready_for_pickup']]);
      // Later steps never record it again.
      const pickedUp = await changeStatus({ id, scope: platformScope(), status: 'picked_up', actor: OPS });
      expect(statuses(pickedUp).filter((status) => status === 'ready_for_pickup')).toHaveLength(1);
    });
  }

  it('answers the record, unchanged, when ready_for_pickup was already recorded by the vendor', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.id, ['assigned', 'accepted']);
    const first = await ready(id, account.api_key);
    const after = await written(id);
    const again = await ready(id, account.api_key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await written(id)).toEqual(after);
  });

  it('keeps the vendor’s time when someone else recorded ready_for_pickup, without a second entry', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.id, ['assigned', 'accepted', 'ready_for_pickup']);
    const response = await ready(id, account.api_key);
    expect(response.status).toBe(200);
    expect(response.body.data.ready_at).not.toBeNull();
    expect(statuses(response.body.data).filter((status) => status === 'ready_for_pickup')).toHaveLength(1);
  });

  for (const [state, path] of [
    ['picked_up', ['assigned', 'accepted', 'picked_up']],
    ['delivered', ['assigned', 'accepted', 'picked_up', 'delivered']],
    ['dispatch_rejected', ['dispatch_rejected']],
    ['cancelled', ['cancelled']],
  ] as [string, Status[]][]) {
    it(`refuses once ${state}: 409 invalid_state naming it, nothing written`, async () => {
      const account = await newAccount();
      const id = await dispatchIn(account.id, path);
      const before = await written(id);
      const response = await ready(id, account.api_key);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: 'invalid_state', error_desc: `The dispatch cannot be marked ready: it is ${state}` });
      expect(await written(id)).toEqual(before);
    });
  }

  it('is a 404 for another account’s dispatch and an unknown id, nothing written', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const id = await dispatchIn(owner.id, ['assigned', 'accepted']);
    const before = await written(id);
    expect((await ready(id, other.api_key)).status).toBe(404);
    expect((await ready('dsp_unknown', owner.api_key)).status).toBe(404);
    expect(await written(id)).toEqual(before);
  });

  it('replays under an Idempotency-Key', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.id, ['assigned', 'accepted']);
    const [first, retry] = await callTwiceIdempotent('POST', `/ext/dispatch/${id}/ready`, { apiKey: account.api_key, key: `ready-${id}` });
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it('from the dashboard: recorded as the staff member; cancel after a kept ready stops it', async () => {
    const account = await newAccount();
    const staff = await newStaffSession(account.id);
    const id = await dispatchIn(account.id, ['assigned']);
    const response = await call('POST', `/api/staff/dispatches/${id}/ready`, { cookie: staff.cookie });
    expect(response.status).toBe(200);
    expect(response.body.data.ready_at).not.toBeNull();
    await cancelDispatch({ id, scope: platformScope(), input: { reason: 'customer_cancelled' }, actor: OPS });
    expect((await call('POST', `/api/staff/dispatches/${id}/ready`, { cookie: staff.cookie })).status).toBe(409);
    const row = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { readyBy: true } });
    expect(row.readyBy).toBe(staff.user.id);
  });
});
