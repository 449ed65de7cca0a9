import { beforeEach, describe, expect, it } from 'vitest';
import { updateAccountModes } from '@/lib/accounts/update-account-modes';
import { db } from '@/lib/db/client';
import { changeStatus } from '@/lib/dispatches/change-status';
import { createDispatch } from '@/lib/dispatches/create-dispatch';
import { createDriver } from '@/lib/drivers/create-driver';
import { recordDriverPosition } from '@/lib/drivers/record-driver-position';
import { call } from '@/test/api';
import { assignDriver } from '@/lib/dispatches/assign-driver';
import { autoAssignDispatch } from '@/lib/dispatches/auto-assign-dispatch';
import { ScheduledAssigner } from '@/lib/dispatches/scheduled-assigner';
import { acceptOffer } from '@/lib/offers/accept-offer';
import { dispatchBody, newAccount, newDriver, uniqueSuffix } from '@/test/fixtures';
import { platformScope } from '@/lib/tenancy/scope';

// dispatchBody's pickup.
const PICKUP = { lat: 24.7136, lng: 46.6753 };
const ADMIN = { refType: 'admin', refId: 'test' } as const;

async function autoAssigningAccount() {
  const account = await newAccount();
  await updateAccountModes({ accountId: account.id, input: { auto_assign: true } });
  return account;
}

/** A driver (on duty unless told) whose last position is `km` kilometres north of the pickup. */
async function driverAt(km: number, { onDuty = true } = {}) {
  const driver = await createDriver({ input: { name: `Driver ${uniqueSuffix()}`, fleet_id: 'fleet-1', on_duty: onDuty } });
  await recordDriverPosition({ driverId: driver.id, lat: PICKUP.lat + km / 111, lng: PICKUP.lng });
  return driver;
}

async function create(accountId: string) {
  return createDispatch({ accountId, input: dispatchBody() });
}

/** The dispatch's open offer (at most one), or null. */
async function openOffer(dispatchId: string) {
  return db().dispatchOffer.findFirst({ where: { dispatchId, state: 'pending' }, select: { id: true, driverId: true, expiresAt: true } });
}

/** Moves the clock past the dispatch's open offer, as waiting DRIVER_OFFER_TIMEOUT_S would. */
async function timeOut(dispatchId: string) {
  const past = new Date(Date.now() - 1_000);
  await db().dispatchOffer.updateMany({ where: { dispatchId, state: 'pending' }, data: { expiresAt: past } });
  await db().dispatch.update({ where: { id: dispatchId }, data: { assignAt: past } });
}

beforeEach(async () => {
  // Drivers are platform-wide: each test starts with none available, and no dispatch of an
  // earlier test waiting for one (the scheduler would offer it to this test's drivers).
  await db().driver.updateMany({ data: { isActive: false } });
  await db().dispatch.updateMany({ where: { assignAt: { not: null } }, data: { assignAt: null } });
});

describe('auto-assign', () => {
  it('offers a new dispatch to the nearest available driver; it is assigned only when they accept', async () => {
    const account = await autoAssigningAccount();
    await driverAt(3);
    const nearest = await driverAt(0.5);
    await driverAt(1.5);
    const record = await create(account.id);
    expect(record.assigned_driver_id).toBeNull();
    expect(record.status.map((entry) => entry.status)).toEqual(['new']);
    const offer = await openOffer(record.id);
    expect(offer?.driverId).toBe(nearest.id);
    const timeoutS = (offer!.expiresAt.getTime() - Date.now()) / 1000;
    expect(timeoutS).toBeGreaterThan(40);
    expect(timeoutS).toBeLessThanOrEqual(45);
    // The offer's expiry is when the scheduler looks at the dispatch again.
    const row = await db().dispatch.findUniqueOrThrow({ where: { id: record.id }, select: { assignAt: true } });
    expect(row.assignAt).toEqual(offer!.expiresAt);

    const { record: accepted } = await acceptOffer({ offerId: offer!.id, driverId: nearest.id });
    expect(accepted.assigned_driver_id).toBe(nearest.id);
    expect(accepted.status.map((entry) => entry.status)).toEqual(['new', 'assigned', 'accepted']);
    expect(accepted.status[1]).toMatchObject({ ref_type: 'system', ref_id: 'auto-assign' });
    expect(accepted.status[2]).toMatchObject({ ref_type: 'driver', ref_id: nearest.id });
    const types = await db().dispatchEvent.findMany({ where: { dispatchId: record.id }, orderBy: { sequence: 'asc' }, select: { type: true, actorType: true } });
    expect(types).toEqual([
      { type: 'dispatch.status_updated', actorType: 'vendor' },
      { type: 'dispatch.status_updated', actorType: 'system' },
      { type: 'dispatch.driver_assigned', actorType: 'system' },
      { type: 'dispatch.status_updated', actorType: 'driver' },
    ]);
    expect(await db().dispatch.findUniqueOrThrow({ where: { id: record.id }, select: { assignAt: true } })).toEqual({ assignAt: null });
  });

  it('skips busy drivers, drivers with an open offer, stale positions, inactive and off-duty drivers and drivers with no position', async () => {
    const account = await autoAssigningAccount();
    const busy = await driverAt(0.1);
    await assignDriver({ id: (await create(account.id)).id, scope: platformScope(), driverId: busy.id, actor: ADMIN });
    const offered = await driverAt(0.2);
    expect((await openOffer((await create(account.id)).id))?.driverId).toBe(offered.id);
    const stale = await driverAt(0.3);
    await db().driver.update({ where: { id: stale.id }, data: { lastPositionAt: new Date(Date.now() - 60 * 60_000) } });
    const inactive = await driverAt(0.4);
    await db().driver.update({ where: { id: inactive.id }, data: { isActive: false } });
    await driverAt(0.45, { onDuty: false });
    await createDriver({ input: { name: 'No position', on_duty: true } });
    const free = await driverAt(5);
    const record = await create(account.id);
    expect((await openOffer(record.id))?.driverId).toBe(free.id);
  });

  it('with nobody available looks again in 30 s, and offers once a driver is free', async () => {
    const account = await autoAssigningAccount();
    const waiting = await create(account.id);
    expect(waiting.status.map((entry) => entry.status)).toEqual(['new']);
    expect(await openOffer(waiting.id)).toBeNull();
    const retryInS = ((await db().dispatch.findUniqueOrThrow({ where: { id: waiting.id }, select: { assignAt: true } })).assignAt!.getTime() - Date.now()) / 1000;
    expect(retryInS).toBeGreaterThan(25);
    expect(retryInS).toBeLessThanOrEqual(30);

    const driver = await driverAt(1);
    await db().dispatch.update({ where: { id: waiting.id }, data: { assignAt: new Date() } });
    await new ScheduledAssigner().runOnce();
    expect((await openOffer(waiting.id))?.driverId).toBe(driver.id);
  });

  it('moves an offer nobody answered to the next nearest driver, and retries once everyone had it', async () => {
    const account = await autoAssigningAccount();
    const near = await driverAt(0.5);
    const far = await driverAt(2);
    const record = await create(account.id);
    expect((await openOffer(record.id))?.driverId).toBe(near.id);
    const assigner = new ScheduledAssigner();
    // An offer still open is waited for.
    await db().dispatch.update({ where: { id: record.id }, data: { assignAt: new Date() } });
    await assigner.runOnce();
    expect((await openOffer(record.id))?.driverId).toBe(near.id);

    await timeOut(record.id);
    await assigner.runOnce();
    expect((await openOffer(record.id))?.driverId).toBe(far.id);
    const history = await db().dispatchOffer.findMany({ where: { dispatchId: record.id }, orderBy: { createdAt: 'asc' }, select: { driverId: true, state: true } });
    expect(history).toEqual([
      { driverId: near.id, state: 'expired' },
      { driverId: far.id, state: 'pending' },
    ]);

    // Both had it within 10 minutes: nobody is left, so it looks again in 30 s.
    await timeOut(record.id);
    await assigner.runOnce();
    expect(await openOffer(record.id)).toBeNull();
    const row = await db().dispatch.findUniqueOrThrow({ where: { id: record.id }, select: { assignAt: true, state: true } });
    expect(row.state).toBe('new');
    expect(row.assignAt!.getTime() - Date.now()).toBeGreaterThan(25_000);
  });

  it('offers one driver one dispatch at a time, also when dispatches are created at once', async () => {
    const account = await autoAssigningAccount();
    const driver = await driverAt(1);
    const records = await Promise.all(Array.from({ length: 4 }, () => create(account.id)));
    expect(records.every((record) => record.assigned_driver_id === null)).toBe(true);
    const offers = await db().dispatchOffer.findMany({ where: { dispatchId: { in: records.map((record) => record.id) } }, select: { driverId: true, state: true } });
    expect(offers).toEqual([{ driverId: driver.id, state: 'pending' }]);
  });

  it('withdraws the offer of a dispatch cancelled or assigned by hand, and the driver is offered the next one', async () => {
    const account = await autoAssigningAccount();
    const driver = await driverAt(1);
    const cancelled = await create(account.id);
    const offer = await openOffer(cancelled.id);
    await changeStatus({ id: cancelled.id, scope: platformScope(), status: 'cancelled', actor: ADMIN });
    await db().dispatch.update({ where: { id: cancelled.id }, data: { assignAt: new Date() } });
    await new ScheduledAssigner().runOnce();
    expect(await db().dispatchOffer.findUniqueOrThrow({ where: { id: offer!.id }, select: { state: true } })).toEqual({ state: 'withdrawn' });
    expect(await db().dispatch.findUniqueOrThrow({ where: { id: cancelled.id }, select: { assignAt: true } })).toEqual({ assignAt: null });

    const byHand = await create(account.id);
    const handOffer = await openOffer(byHand.id);
    expect(handOffer?.driverId).toBe(driver.id);
    const other = await newDriver();
    await assignDriver({ id: byHand.id, scope: platformScope(), driverId: other.id, actor: ADMIN });
    // The offer row is still marked open, but the driver is free for the next dispatch.
    const next = await create(account.id);
    expect((await openOffer(next.id))?.driverId).toBe(driver.id);
    expect(await db().dispatchOffer.findUniqueOrThrow({ where: { id: handOffer!.id }, select: { state: true } })).toEqual({ state: 'withdrawn' });
  });

  it('is off by default, and never offers a sandbox’s simulated driver to another account', async () => {
    const manual = await newAccount();
    await driverAt(0.1);
    const unassigned = await create(manual.id);
    expect(await openOffer(unassigned.id)).toBeNull();
    await db().driver.updateMany({ data: { isActive: false } });

    const sandbox = await newAccount();
    const simulated = await driverAt(0.05);
    await db().driver.update({ where: { id: simulated.id }, data: { sandboxAccountId: sandbox.id } });
    const account = await autoAssigningAccount();
    const real = await driverAt(2);
    expect((await openOffer((await create(account.id)).id))?.driverId).toBe(real.id);
  });

  it('assigns a sandbox account’s dispatch to its simulated driver directly, without an offer', async () => {
    const sandbox = await newAccount();
    await updateAccountModes({ accountId: sandbox.id, input: { sandbox: true, auto_assign: true } });
    const simulated = await driverAt(0.5);
    await db().driver.update({ where: { id: simulated.id }, data: { sandboxAccountId: sandbox.id } });
    const { id } = await create(sandbox.id);
    const record = await autoAssignDispatch({ id });
    expect(record?.assigned_driver_id).toBe(simulated.id);
    expect(record?.status.map((entry) => entry.status)).toEqual(['new', 'assigned']);
    expect(await db().dispatchOffer.count({ where: { dispatchId: id } })).toBe(0);
  });

  it('answers the vendor API with 201, the dispatch new until a driver accepts', async () => {
    const account = await autoAssigningAccount();
    const driver = await driverAt(1);
    const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() });
    expect(response.status).toBe(201);
    const read = await call('GET', `/ext/dispatch/${response.body.data.id}`, { apiKey: account.api_key });
    expect(read.body.data.assigned_driver_id).toBeNull();
    expect(read.body.data.status.map((entry: { status: string }) => entry.status)).toEqual(['new']);
    expect((await openOffer(response.body.data.id))?.driverId).toBe(driver.id);
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
    expect(await openOffer(record.id)).toBeNull();

    // Time passes: the pickup is now 2 minutes away, less than the driver's travel time.
    await db().dispatch.update({ where: { id: record.id }, data: { pickupReadyAt: new Date(inMinutes(2)), assignAt: new Date() } });
    expect(await assigner.runOnce()).toBeGreaterThanOrEqual(1);
    const offer = await openOffer(record.id);
    expect(offer?.driverId).toBe(driver.id);
    expect(await row(record.id)).toMatchObject({ assignedDriverId: null, assignAt: offer!.expiresAt });
    await acceptOffer({ offerId: offer!.id, driverId: driver.id });
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
    expect((await openOffer(record.id))?.driverId).toBe(driver.id);
  });

  it('drops out of the schedule when cancelled or assigned by hand', async () => {
    const account = await autoAssigningAccount();
    await driverAt(1);
    const cancelled = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup_ready_at: inMinutes(90) }) });
    await changeStatus({ id: cancelled.id, scope: platformScope(), status: 'cancelled', actor: ADMIN });
    await db().dispatch.update({ where: { id: cancelled.id }, data: { assignAt: new Date() } });
    await new ScheduledAssigner().runOnce();
    expect(await row(cancelled.id)).toMatchObject({ assignAt: null, assignedDriverId: null });

    const byHand = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup_ready_at: inMinutes(90) }) });
    const other = await newDriver();
    await assignDriver({ id: byHand.id, scope: platformScope(), driverId: other.id, actor: ADMIN });
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
