import { beforeEach, describe, expect, it } from 'vitest';
import { updateAccountModes } from '@/lib/accounts/update-account-modes';
import { db } from '@/lib/db/client';
import { changeStatus } from '@/lib/dispatches/change-status';
import { createDispatch } from '@/lib/dispatches/create-dispatch';
import { recordDriverPosition } from '@/lib/drivers/record-driver-position';
import { call } from '@/test/api';
import { assignDriver } from '@/lib/dispatches/assign-driver';
import { ScheduledAssigner } from '@/lib/dispatches/scheduled-assigner';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';
import { platformScope } from '@/lib/tenancy/scope';

// dispatchBody's pickup.
const PICKUP = { lat: 24.7136, lng: 46.6753 };

async function autoAssigningAccount() {
  const account = await newAccount();
  await updateAccountModes({ accountId: account.id, input: { auto_assign: true } });
  return account;
}

/** A driver whose last position is `km` kilometres north of the pickup. */
async function driverAt(km: number) {
  const driver = await newDriver();
  await recordDriverPosition({ driverId: driver.id, lat: PICKUP.lat + km / 111, lng: PICKUP.lng });
  return driver;
}

async function create(accountId: string) {
  return createDispatch({ accountId, input: dispatchBody() });
}

beforeEach(async () => {
  // Drivers are platform-wide: each test starts with none available.
  await db().driver.updateMany({ data: { isActive: false } });
});

describe('auto-assign', () => {
  it('gives a new dispatch to the nearest available driver, as the system', async () => {
    const account = await autoAssigningAccount();
    await driverAt(3);
    const nearest = await driverAt(0.5);
    await driverAt(1.5);
    const record = await create(account.id);
    expect(record.assigned_driver_id).toBe(nearest.id);
    expect(record.status.map((entry) => entry.status)).toEqual(['new', 'assigned']);
    expect(record.status[1]).toMatchObject({ ref_type: 'system', ref_id: 'auto-assign' });
    const types = await db().dispatchEvent.findMany({ where: { dispatchId: record.id }, orderBy: { sequence: 'asc' }, select: { type: true, actorType: true } });
    expect(types).toEqual([
      { type: 'dispatch.status_updated', actorType: 'vendor' },
      { type: 'dispatch.status_updated', actorType: 'system' },
      { type: 'dispatch.driver_assigned', actorType: 'system' },
    ]);
  });

  it('skips busy drivers, stale positions, inactive drivers and drivers with no position', async () => {
    const account = await autoAssigningAccount();
    const busy = await driverAt(0.2);
    await create(account.id); // takes `busy`
    const stale = await driverAt(0.3);
    await db().driver.update({ where: { id: stale.id }, data: { lastPositionAt: new Date(Date.now() - 60 * 60_000) } });
    const inactive = await driverAt(0.4);
    await db().driver.update({ where: { id: inactive.id }, data: { isActive: false } });
    await newDriver(); // never reported a position
    const free = await driverAt(5);
    const record = await create(account.id);
    expect(record.assigned_driver_id).toBe(free.id);
    expect(record.assigned_driver_id).not.toBe(busy.id);
  });

  it('leaves the dispatch new when no driver is available, and a driver is free again once their dispatch ends', async () => {
    const account = await autoAssigningAccount();
    const only = await driverAt(1);
    const first = await create(account.id);
    expect(first.assigned_driver_id).toBe(only.id);
    const waiting = await create(account.id);
    expect(waiting.assigned_driver_id).toBeNull();
    expect(waiting.status.map((entry) => entry.status)).toEqual(['new']);
    await changeStatus({ id: first.id, scope: platformScope(), status: 'cancelled', actor: { refType: 'admin', refId: 'test' } });
    expect((await create(account.id)).assigned_driver_id).toBe(only.id);
  });

  it('is off by default, and never offers a sandbox’s simulated driver to another account', async () => {
    const manual = await newAccount();
    await driverAt(0.1);
    expect((await create(manual.id)).assigned_driver_id).toBeNull();
    await db().driver.updateMany({ data: { isActive: false } });

    const sandbox = await newAccount();
    const simulated = await driverAt(0.05);
    await db().driver.update({ where: { id: simulated.id }, data: { sandboxAccountId: sandbox.id } });
    const account = await autoAssigningAccount();
    const real = await driverAt(2);
    expect((await create(account.id)).assigned_driver_id).toBe(real.id);
  });

  it('gives one driver to one of two dispatches created at once', async () => {
    const account = await autoAssigningAccount();
    await driverAt(1);
    const records = await Promise.all(Array.from({ length: 4 }, () => create(account.id)));
    expect(records.filter((record) => record.assigned_driver_id !== null)).toHaveLength(1);
  });

  it('answers the vendor API with 201 either way', async () => {
    const account = await autoAssigningAccount();
    await driverAt(1);
    const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() });
    expect(response.status).toBe(201);
    const read = await call('GET', `/ext/dispatch/${response.body.data.id}`, { apiKey: account.api_key });
    expect(read.body.data.assigned_driver_id).toEqual(expect.stringMatching(/^drv_/));
  });
});

describe('scheduled dispatches (pickup_ready_at)', () => {
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const row = (id: string) => db().dispatch.findUniqueOrThrow({ where: { id }, select: { assignAt: true, assignedDriverId: true, scheduled: true } });

  it('is not offered before the pickup time minus the nearest driver’s travel time, then is', async () => {
    const account = await autoAssigningAccount();
    const driver = await driverAt(1); // ≈ 1.35 km by road at 25 km/h: ≈ 3.2 minutes
    const pickupReadyAt = inMinutes(120);
    const record = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup_ready_at: pickupReadyAt }) });
    expect(record.assigned_driver_id).toBeNull();
    expect(record.pickup_ready_at).toBe(pickupReadyAt.replace('T', ' ').slice(0, 23));
    const waiting = await row(record.id);
    expect(waiting.scheduled).toBe(true);
    const setOffInMin = (waiting.assignAt!.getTime() - Date.now()) / 60_000;
    expect(setOffInMin).toBeGreaterThan(116);
    expect(setOffInMin).toBeLessThan(117.5);
    // The scheduler finds nothing due yet.
    const assigner = new ScheduledAssigner();
    await assigner.runOnce();
    expect((await row(record.id)).assignedDriverId).toBeNull();

    // Time passes: the pickup is now 2 minutes away, less than the driver's travel time.
    await db().dispatch.update({ where: { id: record.id }, data: { pickupReadyAt: new Date(inMinutes(2)), assignAt: new Date() } });
    expect(await assigner.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await row(record.id)).toMatchObject({ assignedDriverId: driver.id, assignAt: null });
  });

  it('with no driver available looks again in 30 s, never forgets the dispatch', async () => {
    const account = await autoAssigningAccount();
    const record = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup_ready_at: inMinutes(5) }) });
    const retryInS = ((await row(record.id)).assignAt!.getTime() - Date.now()) / 1000;
    expect(retryInS).toBeGreaterThan(25);
    expect(retryInS).toBeLessThanOrEqual(30);
    const driver = await driverAt(0.5); // ≈ 1.6 minutes away
    await db().dispatch.update({ where: { id: record.id }, data: { pickupReadyAt: new Date(inMinutes(1)), assignAt: new Date() } });
    await new ScheduledAssigner().runOnce();
    expect((await row(record.id)).assignedDriverId).toBe(driver.id);
  });

  it('drops out of the schedule when cancelled or assigned by hand', async () => {
    const account = await autoAssigningAccount();
    await driverAt(1);
    const cancelled = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup_ready_at: inMinutes(90) }) });
    await changeStatus({ id: cancelled.id, scope: platformScope(), status: 'cancelled', actor: { refType: 'admin', refId: 'test' } });
    await db().dispatch.update({ where: { id: cancelled.id }, data: { assignAt: new Date() } });
    await new ScheduledAssigner().runOnce();
    expect(await row(cancelled.id)).toMatchObject({ assignAt: null, assignedDriverId: null });

    const byHand = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup_ready_at: inMinutes(90) }) });
    const other = await newDriver();
    await assignDriver({ id: byHand.id, scope: platformScope(), driverId: other.id, actor: { refType: 'admin', refId: 'test' } });
    expect(await row(byHand.id)).toMatchObject({ assignAt: null, assignedDriverId: other.id });
  });

  it('in a sandbox, the simulator starts when a simulated driver would set off, not at creation', async () => {
    const account = await newAccount();
    await updateAccountModes({ accountId: account.id, input: { sandbox: true } });
    const scheduled = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup_ready_at: inMinutes(60) }) });
    const now = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const simAt = async (id: string) => (await db().dispatch.findUniqueOrThrow({ where: { id }, select: { simNextAt: true } })).simNextAt!.getTime();
    expect((await simAt(scheduled.id)) - Date.now()).toBeGreaterThan(49 * 60_000);
    expect((await simAt(scheduled.id)) - Date.now()).toBeLessThanOrEqual(50 * 60_000);
    expect(await simAt(now.id)).toBeLessThanOrEqual(Date.now());
  });
});

