import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { cancelDispatch } from '@/lib/dispatch/server/cancel-dispatch';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { DispatchEngine } from '@/lib/engine/server/live/engine';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { autoAssigningAccount, signedInDriverAt } from '@/test/live-drivers';
import { dispatchBody, newConsoleSessions, staffOfNewAccount } from '@/test/fixtures';

// The driver app's duty switch and first load: PUT /api/driver/duty, GET /api/driver/me; and
// the console's and ops API's `on_duty` on a driver.

/** A signed-in driver `km` kilometres north of the pickup, created as the ops API would (off duty unless told). */
const signedInDriver = (km: number, { onDuty = false } = {}) => signedInDriverAt(km, { onDuty, phone: '+966500000077', ip: '203.0.113.31' });

// The dispatch engine's rounds make the offers (lib/engine/server); run by hand here.
const rounds = new DispatchEngine({ roundMs: 60_000 });

/** A dispatch whose food is about ready (no wait), and the round that plans it. */
async function planned(accountId: string) {
  const body = dispatchBody();
  const record = await createDispatch({ accountId, input: { ...body, vendor_payload: { ...body.vendor_payload!, pickup_wait_time: 0 } } });
  await rounds.runRound();
  return record;
}

const openOffer = (dispatchId: string) => db().dispatchOffer.findFirst({ where: { dispatchId, state: 'pending' }, select: { id: true, driverId: true } });
const setDuty = (cookie: string, body: unknown) => call('PUT', '/api/driver/duty', { cookie, body });

beforeEach(async () => {
  await db().driver.updateMany({ data: { isActive: false } });
  await db().account.updateMany({ data: { autoAssign: false } });
});

describe('GET /api/driver/me', () => {
  it('shows the driver, off duty as created, with no offer and the offer timeout', async () => {
    const driver = await signedInDriver(1);
    const response = await call('GET', '/api/driver/me', { cookie: driver.cookie });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      driver: {
        id: driver.id,
        name: driver.name,
        phone: '+966500000077',
        on_duty: false,
        duty_changed_at: null,
        last_position_at: expect.stringMatching(/Z$/),
      },
      offer: null,
      offer_timeout_s: 45,
      server_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    // The app stamps its positions in this clock (components/fleet/driver/server-clock.ts).
    expect(Math.abs(Date.parse(response.body.data.server_time) - Date.now())).toBeLessThan(5_000);
  });

  it('refuses anyone but a signed-in driver', async () => {
    expect((await call('GET', '/api/driver/me')).status).toBe(401);
    const { cookie } = await staffOfNewAccount();
    expect([401, 403]).toContain((await call('GET', '/api/driver/me', { cookie })).status);
    expect([401, 403]).toContain((await setDuty(cookie, { on_duty: true })).status);
  });
});

describe('PUT /api/driver/duty', () => {
  it('puts an off-duty driver on duty: only then are they offered work', async () => {
    const account = await autoAssigningAccount();
    const driver = await signedInDriver(0.5);
    const unoffered = await planned(account.id);
    expect(await openOffer(unoffered.id)).toBeNull();

    await cancelDispatch({ id: unoffered.id, scope: platformScope(), input: { reason: 'customer_cancelled' }, actor: { refType: 'admin', refId: 'test' } });
    const on = await setDuty(driver.cookie, { on_duty: true });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ on_duty: true, duty_changed_at: expect.stringMatching(/Z$/) });
    // Saying it again changes nothing, the time included.
    expect((await setDuty(driver.cookie, { on_duty: true })).body.data).toEqual(on.body.data);
    const me = await call('GET', '/api/driver/me', { cookie: driver.cookie });
    expect(me.body.data.driver).toMatchObject({ on_duty: true, duty_changed_at: on.body.data.duty_changed_at });

    const offered = await planned(account.id);
    expect((await openOffer(offered.id))?.driverId).toBe(driver.id);
    expect((await call('GET', '/api/driver/me', { cookie: driver.cookie })).body.data.offer).toMatchObject({ dispatch_id: offered.id });
  });

  it('never offers work to an on-duty driver whose position is stale', async () => {
    const account = await autoAssigningAccount();
    const driver = await signedInDriver(0.5, { onDuty: true });
    await db().driver.update({ where: { id: driver.id }, data: { lastPositionAt: new Date(Date.now() - 60 * 60_000) } });
    const record = await planned(account.id);
    expect(await openOffer(record.id)).toBeNull();
  });

  it('going off duty declines the open offer, which the next round gives the next driver', async () => {
    const account = await autoAssigningAccount();
    const near = await signedInDriver(0.5, { onDuty: true });
    const far = await signedInDriver(2, { onDuty: true });
    const record = await planned(account.id);
    const offer = await openOffer(record.id);
    expect(offer?.driverId).toBe(near.id);
    const off = await setDuty(near.cookie, { on_duty: false });
    expect(off.body.data).toMatchObject({ on_duty: false });
    expect(await db().dispatchOffer.findUniqueOrThrow({ where: { id: offer!.id }, select: { state: true } })).toEqual({ state: 'declined' });
    await rounds.runRound();
    expect((await openOffer(record.id))?.driverId).toBe(far.id);
    // Off duty, no new offer reaches them.
    const next = await planned(account.id);
    expect(await openOffer(next.id)).toBeNull();
  });

  it.each([[{}], [{ on_duty: 'yes' }], [{ on_duty: null }], [[true]]])('refuses %j with 400', async (body: unknown) => {
    const driver = await signedInDriver(1);
    const response = await setDuty(driver.cookie, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });

  it('refuses a body that is not JSON with 400, and another site’s request with 403', async () => {
    const driver = await signedInDriver(1);
    const broken = await call('PUT', '/api/driver/duty', { cookie: driver.cookie, raw: '{"on_duty":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    const crossSite = await call('PUT', '/api/driver/duty', { cookie: driver.cookie, body: { on_duty: true }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect((await db().driver.findUniqueOrThrow({ where: { id: driver.id }, select: { onDuty: true } })).onDuty).toBe(false);
  });
});

describe('on_duty on the ops API and the console', () => {
  it('creates drivers off duty unless told, and changes it', async () => {
    const created = await call('POST', '/api/ops/drivers', { ops: true, body: { name: 'Omar' } });
    expect(created.status).toBe(201);
    const onDutyAtOnce = await call('POST', '/api/ops/drivers', { ops: true, body: { name: 'Lina', on_duty: true } });
    const duty = (id: string) => db().driver.findUniqueOrThrow({ where: { id }, select: { onDuty: true, dutyChangedAt: true } });
    expect(await duty(created.body.data.id)).toEqual({ onDuty: false, dutyChangedAt: null });
    expect(await duty(onDutyAtOnce.body.data.id)).toMatchObject({ onDuty: true, dutyChangedAt: expect.any(Date) });

    const patched = await call('PATCH', `/api/ops/drivers/${created.body.data.id}`, { ops: true, body: { on_duty: true } });
    expect(patched.status).toBe(200);
    expect((await duty(created.body.data.id)).onDuty).toBe(true);
    const { admin } = await newConsoleSessions();
    const consoleCreated = await call('POST', '/api/admin/drivers', { cookie: admin.cookie, body: { name: 'Sami', on_duty: true } });
    expect((await duty(consoleCreated.body.data.id)).onDuty).toBe(true);
    const consoleOff = await call('PATCH', `/api/admin/drivers/${consoleCreated.body.data.id}`, { cookie: admin.cookie, body: { on_duty: false } });
    expect(consoleOff.status).toBe(200);
    expect((await duty(consoleCreated.body.data.id)).onDuty).toBe(false);
    for (const body of [{ name: 'x', on_duty: 'yes' }]) expect((await call('POST', '/api/ops/drivers', { ops: true, body })).status).toBe(400);
    expect((await call('PATCH', `/api/ops/drivers/${created.body.data.id}`, { ops: true, body: { on_duty: 1 } })).status).toBe(400);
  });
});
