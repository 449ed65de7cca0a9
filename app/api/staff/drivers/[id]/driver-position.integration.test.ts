import { describe, expect, it } from 'vitest';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { recordDriverPosition } from '@/lib/fleet/server/drivers/record-driver-position';
import { DispatchDriverSchema, DispatchEtaSchema } from '@/lib/fleet/shared/drivers/schemas';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newAdminSession, newDriver, newStaffSession, staffOfNewAccount } from '@/test/fixtures';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';

// The dispatch page's driver position and ETA, on both surfaces: GET /api/staff/drivers/{id} and
// /api/staff/dispatches/{id}/eta (one account), GET /api/admin/dispatches/{id}/driver and
// /api/admin/dispatches/{id}/eta (every account). Positions are recorded by the ops route's domain call.

const ACTOR = { refType: 'admin', refId: 'test' } as const;
// dispatchBody's pickup is at 24.7136, 46.6753: this is about 1.4 km south of it.
const ON_THE_WAY = { lat: 24.7011, lng: 46.6753 };
const NEAR_CUSTOMER = { lat: 24.765, lng: 46.73 };

/** An account's staff, one of its dispatches, and a driver assigned to it (on duty). */
async function assignedDispatch() {
  const { account, cookie } = await staffOfNewAccount();
  const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
  const driver = await newDriver('fleet-east');
  await assignDriver({ id: dispatch.id, scope: accountScope(account.id), driverId: driver.id, actor: ACTOR });
  return { account, cookie, dispatch, driver };
}

function lastPosition(recorded: { lat: number; lng: number; recorded_at: string }) {
  return { lat: recorded.lat, lng: recorded.lng, at: formatTimestamp(new Date(recorded.recorded_at)) };
}

describe('staff: GET /api/staff/drivers/{id} and GET /api/staff/dispatches/{id}/eta', () => {
  it('answers no position and no ETA before the driver reports one, then both', async () => {
    const { cookie, dispatch, driver } = await assignedDispatch();
    const before = await call('GET', `/api/staff/drivers/${driver.id}`, { cookie });
    expect(before.status).toBe(200);
    expect(DispatchDriverSchema.strict().parse(before.body.data)).toEqual({ ...driver, last_position: null });
    const noEta = await call('GET', `/api/staff/dispatches/${dispatch.id}/eta`, { cookie });
    expect(noEta.status).toBe(200);
    expect(noEta.body).toEqual({ data: null });

    const recorded = await recordDriverPosition({ driverId: driver.id, ...ON_THE_WAY });
    const effect = recorded.dispatches.find((entry) => entry.dispatch_id === dispatch.id);
    expect(effect).toMatchObject({ stop: 'pickup', eta_announced: true });

    const after = await call('GET', `/api/staff/drivers/${driver.id}`, { cookie });
    expect(DispatchDriverSchema.strict().parse(after.body.data)).toEqual({ ...driver, last_position: lastPosition(recorded) });
    const eta = await call('GET', `/api/staff/dispatches/${dispatch.id}/eta`, { cookie });
    expect(DispatchEtaSchema.strict().parse(eta.body.data)).toEqual({ minutes: effect!.eta_minutes, stop: 'pickup', at: lastPosition(recorded).at });
  });

  it('is a 404 for the staff of another account, for the driver and for the ETA', async () => {
    const { dispatch, driver } = await assignedDispatch();
    await recordDriverPosition({ driverId: driver.id, ...ON_THE_WAY });
    const other = await newStaffSession((await newAccount()).id);
    for (const path of [`/api/staff/drivers/${driver.id}`, `/api/staff/dispatches/${dispatch.id}/eta`]) {
      const response = await call('GET', path, { cookie: other.cookie });
      expect(response.status, path).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
    const { cookie } = await assignedDispatch();
    expect((await call('GET', '/api/staff/dispatches/dsp_missing/eta', { cookie })).status).toBe(404);
  });

  it('drops the ETA to the pickup once picked up, and the position once the driver is off duty for the account', async () => {
    const { account, cookie, dispatch, driver } = await assignedDispatch();
    await recordDriverPosition({ driverId: driver.id, ...ON_THE_WAY });
    for (const status of ['accepted', 'picked_up'] as const) await changeStatus({ id: dispatch.id, scope: platformScope(), status, actor: ACTOR });
    // The announced ETA was to the pickup, which lies behind the driver now.
    expect((await call('GET', `/api/staff/dispatches/${dispatch.id}/eta`, { cookie })).body).toEqual({ data: null });
    const toCustomer = await recordDriverPosition({ driverId: driver.id, ...NEAR_CUSTOMER });
    const eta = await call('GET', `/api/staff/dispatches/${dispatch.id}/eta`, { cookie });
    expect(eta.body.data).toMatchObject({ stop: 'destination', minutes: toCustomer.dispatches[0]!.eta_minutes });

    await changeStatus({ id: dispatch.id, scope: platformScope(), status: 'delivered', actor: ACTOR });
    expect((await call('GET', `/api/staff/dispatches/${dispatch.id}/eta`, { cookie })).body).toEqual({ data: null });
    // The restaurant still sees who delivered, but not where the courier went next.
    const delivered = await call('GET', `/api/staff/drivers/${driver.id}`, { cookie });
    expect(delivered.status).toBe(200);
    expect(delivered.body.data.last_position).toBeNull();
    const elsewhere = await createDispatch({ accountId: (await newAccount()).id, input: dispatchBody() });
    await assignDriver({ id: elsewhere.id, scope: platformScope(), driverId: driver.id, actor: ACTOR });
    await recordDriverPosition({ driverId: driver.id, ...ON_THE_WAY });
    expect((await call('GET', `/api/staff/drivers/${driver.id}`, { cookie })).body.data.last_position).toBeNull();

    // A new dispatch of the account with the same driver: followed again.
    const next = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await assignDriver({ id: next.id, scope: accountScope(account.id), driverId: driver.id, actor: ACTOR });
    expect((await call('GET', `/api/staff/drivers/${driver.id}`, { cookie })).body.data.last_position).toMatchObject(ON_THE_WAY);
  });
});

describe('admin: GET /api/admin/dispatches/{id}/driver and GET /api/admin/dispatches/{id}/eta', () => {
  it('answers the position and ETA of any account’s dispatch while it is on duty', async () => {
    const admin = await newAdminSession();
    const { dispatch, driver } = await assignedDispatch();
    const path = `/api/admin/dispatches/${dispatch.id}`;
    expect((await call('GET', `${path}/driver`, { cookie: admin.cookie })).body.data).toEqual({ ...driver, last_position: null });
    expect((await call('GET', `${path}/eta`, { cookie: admin.cookie })).body).toEqual({ data: null });

    const recorded = await recordDriverPosition({ driverId: driver.id, ...ON_THE_WAY });
    const read = await call('GET', `${path}/driver`, { cookie: admin.cookie });
    expect(read.status).toBe(200);
    expect(DispatchDriverSchema.strict().parse(read.body.data)).toEqual({ ...driver, last_position: lastPosition(recorded) });
    const eta = await call('GET', `${path}/eta`, { cookie: admin.cookie });
    expect(eta.body.data).toEqual({ minutes: recorded.dispatches[0]!.eta_minutes, stop: 'pickup', at: lastPosition(recorded).at });

    await changeStatus({ id: dispatch.id, scope: platformScope(), status: 'cancelled', actor: ACTOR });
    expect((await call('GET', `${path}/driver`, { cookie: admin.cookie })).body.data.last_position).toBeNull();
    expect((await call('GET', `${path}/eta`, { cookie: admin.cookie })).body).toEqual({ data: null });
  });

  it('is a 404 for an unknown dispatch, 401 signed out and 403 for staff', async () => {
    const admin = await newAdminSession();
    const { cookie, dispatch } = await assignedDispatch();
    for (const suffix of ['/driver', '/eta']) {
      expect((await call('GET', `/api/admin/dispatches/dsp_missing${suffix}`, { cookie: admin.cookie })).status).toBe(404);
      expect((await call('GET', `/api/admin/dispatches/${dispatch.id}${suffix}`)).status).toBe(401);
      expect((await call('GET', `/api/admin/dispatches/${dispatch.id}${suffix}`, { cookie })).status).toBe(403);
    }
  });
});
