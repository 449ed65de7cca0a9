import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { type AdminSession, dispatchBody, newAccount, newAdminSession, newDriver } from '@/test/fixtures';

// The admin console's bulk actions: assign, move on or cancel many dispatches of any accounts at
// once, each row applied (or refused) on its own and recorded as the signed-in admin.

const VENDOR = { refType: 'vendor', refId: 'test' } as const;

let admin: AdminSession;

beforeAll(async () => {
  admin = await newAdminSession();
});

const post = (path: string, body: unknown) => call('POST', path, { cookie: admin.cookie, body });

describe('POST /api/admin/dispatches/bulk', () => {
  it('assigns 120 dispatches of two accounts, refusing the cancelled ones per row, then moves them on', async () => {
    const accounts = [await newAccount(), await newAccount()];
    const driver = await newDriver();
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) ids.push((await createDispatch({ accountId: accounts[i % 2]!.id, input: dispatchBody() })).id);
    const cancelled = [ids[3]!, ids[50]!, ids[119]!];
    for (const id of cancelled) await changeStatus({ id, scope: platformScope(), status: 'cancelled', actor: VENDOR });

    const started = Date.now();
    const assigned = await post('/api/admin/dispatches/bulk', { ids, action: { type: 'assign', driver_id: driver.id } });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(assigned.status).toBe(200);
    expect(assigned.body.applied).toBe(117);
    expect(assigned.body.refused).toBe(3);
    expect(assigned.body.data.map((row: { id: string }) => row.id)).toEqual(ids);
    for (const row of assigned.body.data) {
      if (cancelled.includes(row.id)) {
        expect(row).toEqual({
          id: row.id,
          ok: false,
          error: 'invalid_transition',
          error_desc: 'Cannot assign a driver while the dispatch is "cancelled"',
          r_id: expect.stringMatching(/^[0-9A-Z]{8}$/),
        });
      } else {
        expect(row.ok).toBe(true);
        expect(row.record.assigned_driver_id).toBe(driver.id);
        expect(row.record.status.at(-1)).toMatchObject({ status: 'assigned', ref_type: 'admin', ref_id: admin.user.id });
      }
    }
    const states = await db().dispatch.groupBy({ by: ['state'], where: { id: { in: ids } }, _count: true });
    expect(Object.fromEntries(states.map((row) => [row.state, row._count]))).toEqual({ assigned: 117, cancelled: 3 });
    const events = await db().dispatchEvent.findMany({ where: { dispatchId: ids[0]!, type: 'dispatch.driver_assigned' } });
    expect(events).toEqual([expect.objectContaining({ actorType: 'admin', actorId: admin.user.id })]);

    // A status the table refuses for some rows: accepted after assigned, not after cancelled.
    const accepted = await post('/api/admin/dispatches/bulk', { ids, action: { type: 'status', status: 'accepted' } });
    expect(accepted.body.applied).toBe(117);
    const refused = accepted.body.data.filter((row: { ok: boolean }) => !row.ok);
    expect(refused.map((row: { id: string }) => row.id)).toEqual(cancelled);
    expect(refused[0]).toEqual({
      id: cancelled[0],
      ok: false,
      error: 'invalid_transition',
      error_desc: 'Cannot record "accepted" while the dispatch is "cancelled"; allowed: none',
      r_id: (await db().dispatch.findUniqueOrThrow({ where: { id: cancelled[0]! } })).rId,
    });
    expect(await db().dispatch.count({ where: { id: { in: ids }, state: 'accepted' } })).toBe(117);
  });

  // An operator may cancel after pickup (a failed delivery on the driver's behalf); a finished dispatch not.
  it("cancels with the reason picker's answer, recorded on each row through cancelDispatch; refuses what can no longer be cancelled", async () => {
    // The console's bulk cancel used to record no reason at all.
    const accounts = [await newAccount(), await newAccount()];
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await createDispatch({ accountId: accounts[i % 2]!.id, input: dispatchBody() })).id);
    const driver = await newDriver();
    const [finished, alreadyCancelled] = [ids[1]!, ids[4]!];
    await assignDriver({ id: finished, scope: platformScope(), driverId: driver.id, actor: VENDOR });
    for (const status of ['accepted', 'picked_up', 'delivered'] as const) await changeStatus({ id: finished, scope: platformScope(), status, actor: VENDOR });
    await changeStatus({ id: alreadyCancelled, scope: platformScope(), status: 'cancelled', actor: VENDOR });

    const action = { type: 'status', status: 'cancelled', reason: 'kitchen_cannot_prepare', reason_text: 'Oven broke down' };
    const response = await post('/api/admin/dispatches/bulk', { ids, action });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ applied: 4, refused: 2 });
    for (const row of response.body.data) {
      if (row.id === finished || row.id === alreadyCancelled) {
        expect(row).toMatchObject({ ok: false, error: 'invalid_transition' });
        continue;
      }
      expect(row.ok).toBe(true);
      expect(row.record.cancellation).toMatchObject({
        reason: 'kitchen_cannot_prepare',
        reason_text: 'Oven broke down',
        by: { ref_type: 'admin', ref_id: admin.user.id },
      });
    }
    const rows = await db().dispatch.findMany({ where: { id: { in: ids } }, select: { id: true, state: true, cancelReason: true, cancelReasonText: true } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const expected =
        id === finished
          ? { state: 'delivered', cancelReason: null, cancelReasonText: null }
          : id === alreadyCancelled
            ? { state: 'cancelled', cancelReason: null, cancelReasonText: null } // the first cancellation stands
            : { state: 'cancelled', cancelReason: 'kitchen_cannot_prepare', cancelReasonText: 'Oven broke down' };
      expect(byId.get(id)).toMatchObject(expected);
    }
  });

  it.each([
    [{ type: 'status', status: 'accepted', reason: 'other', reason_text: 'x' }, /^action.reason: is only accepted with status "cancelled"/],
    [{ type: 'status', status: 'cancelled', reason: 'other' }, /^action.reason_text: is required when reason is "other"/],
    [{ type: 'status', status: 'cancelled', reason_text: 'no reason' }, /^action.reason_text: needs a reason/],
    [{ type: 'status', status: 'cancelled', reason: 'bored' }, /^action.reason: /],
  ])('refuses a bulk cancel with a bad reason with 400 (%#)', async (action, message) => {
    const account = await newAccount();
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const response = await post('/api/admin/dispatches/bulk', { ids: [dispatch.id], action });
    expect(response.status).toBe(400);
    expect(response.body.error_desc).toMatch(message);
    expect((await db().dispatch.findUniqueOrThrow({ where: { id: dispatch.id } })).state).toBe('new');
  });

  it('reports an unknown id as not_found and applies the others', async () => {
    const account = await newAccount();
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const response = await post('/api/admin/dispatches/bulk', { ids: ['dsp_missing', dispatch.id], action: { type: 'status', status: 'cancelled' } });
    expect(response.status).toBe(200);
    expect(response.body.data[0]).toEqual({ id: 'dsp_missing', ok: false, error: 'not_found', error_desc: 'No dispatch with id "dsp_missing"', r_id: null });
    expect(response.body.data[1]).toMatchObject({ id: dispatch.id, ok: true });
  });

  it.each([
    [{ ids: [], action: { type: 'status', status: 'cancelled' } }, /^ids: /],
    [{ ids: Array.from({ length: 501 }, (_, i) => `dsp_${i}`), action: { type: 'status', status: 'cancelled' } }, /^ids: must list at most 500/],
    [{ ids: ['dsp_a', 'dsp_a'], action: { type: 'status', status: 'cancelled' } }, /^ids: must not repeat/],
    [{ ids: ['dsp_a'], action: { type: 'status', status: 'assigned' } }, /^action.status: /],
    [{ ids: ['dsp_a'], action: { type: 'status', status: 'lost' } }, /^action.status: /],
    [{ ids: ['dsp_a'], action: { type: 'delete' } }, /^action/],
    [{ ids: ['dsp_a'], action: { type: 'assign' } }, /^action.driver_id: /],
    [{ ids: ['dsp_a'] }, /^action: /],
  ])('answers 400 for a bad body (%#)', async (body, message) => {
    const response = await post('/api/admin/dispatches/bulk', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(message);
  });

  it('refuses an unknown or inactive driver with 400 before any row changes', async () => {
    const account = await newAccount();
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const inactive = await newDriver();
    await db().driver.update({ where: { id: inactive.id }, data: { isActive: false } });
    for (const driverId of ['drv_missing', inactive.id]) {
      const response = await post('/api/admin/dispatches/bulk', { ids: [dispatch.id], action: { type: 'assign', driver_id: driverId } });
      expect(response.status).toBe(400);
      expect(response.body.error_desc).toBe(`action.driver_id: no active driver with id "${driverId}"`);
    }
    expect((await db().dispatch.findUniqueOrThrow({ where: { id: dispatch.id } })).state).toBe('new');
  });
});
