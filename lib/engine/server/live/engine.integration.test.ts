import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, dbKind } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { markReady } from '@/lib/dispatch/server/mark-ready';
import type { CreateDispatchBody } from '@/lib/dispatch/shared/schemas';
import { createDriver } from '@/lib/fleet/server/drivers/create-driver';
import { DispatchEngine } from '@/lib/engine/server/live/engine';
import { AdvisoryLockLease } from '@/lib/engine/server/internal/live/leader-lease';
import { acceptOffer } from '@/lib/fleet/server/internal/offers/accept-offer';
import { currentOffer } from '@/lib/fleet/server/internal/offers/current-offer';
import { declineOffer } from '@/lib/fleet/server/internal/offers/decline-offer';
import { listDriverJobs } from '@/lib/fleet/server/internal/jobs/list-driver-jobs';
import { accountScope, driverScope, platformScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { autoAssigningAccount, driverAt, PICKUP, sandboxAccount, simulatedDriverAt } from '@/test/live-drivers';
import { dispatchBody, newAccount } from '@/test/fixtures';

// The live dispatch engine (lib/engine/server): rounds over the auto-assign and sandbox
// accounts' open dispatches, trips offered as one offer, the leader lease. Rounds are run by
// hand (`runRound`) unless a test is about the loop.

const ADMIN = { refType: 'admin', refId: 'test' } as const;
const ROUND_MS = 60_000;
const engines: DispatchEngine[] = [];

function engine(options: ConstructorParameters<typeof DispatchEngine>[0] = {}) {
  const made = new DispatchEngine({ roundMs: ROUND_MS, ...options });
  engines.push(made);
  return made;
}


/** A dispatch whose food is ready now (the kitchen said so), so the round sends a driver at once. */
async function readyDispatch(accountId: string, overrides: Partial<CreateDispatchBody> = {}) {
  const record = await createDispatch({ accountId, input: dispatchBody(overrides) });
  await markReady({ id: record.id, scope: accountScope(accountId), actor: { refType: 'vendor', refId: accountId } });
  return record;
}

const openOffer = (dispatchId: string) =>
  db().dispatchOffer.findFirst({ where: { dispatchId, state: 'pending' }, select: { id: true, driverId: true, tripId: true, expiresAt: true } });
const tripOf = (id: string) => db().trip.findUniqueOrThrow({ where: { id } });

/** Runs a round (of `rounds`, or of a new engine) and answers whom the dispatch is then offered to: undefined for nobody. */
async function offeredAfterRound(dispatchId: string, rounds = engine()) {
  await rounds.runRound();
  return (await openOffer(dispatchId))?.driverId;
}

beforeEach(async () => {
  // Drivers are platform-wide and rounds plan every account: each test starts with no driver
  // available and no earlier test's dispatch waiting.
  await db().driver.updateMany({ data: { isActive: false } });
  await db().account.updateMany({ data: { autoAssign: false, sandbox: false } });
});

afterEach(async () => {
  await Promise.all(engines.splice(0).map((each) => each.stop()));
});

describe('rounds', () => {
  it('does not hold up the create: the dispatch is new, and the next round offers it to the nearest free driver', async () => {
    const account = await autoAssigningAccount();
    await driverAt(3);
    const nearest = await driverAt(0.5);
    const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() });
    expect(response.status).toBe(201);
    const read = await call('GET', `/ext/dispatch/${response.body.data.id}`, { apiKey: account.api_key });
    expect(read.body.data.assigned_driver_id).toBeNull();
    expect(read.body.data.status.map((entry: { status: string }) => entry.status)).toEqual(['new']);
    expect(await openOffer(response.body.data.id)).toBeNull();
    await markReady({ id: response.body.data.id, scope: accountScope(account.id), actor: { refType: 'vendor', refId: account.id } });

    const report = await engine().runRound();
    expect(report.outcomes.offered).toBe(1);
    const offer = await openOffer(response.body.data.id);
    expect(offer?.driverId).toBe(nearest.id);
    const timeoutS = (offer!.expiresAt.getTime() - Date.now()) / 1000;
    expect(timeoutS).toBeGreaterThan(40);
    expect(timeoutS).toBeLessThanOrEqual(45);
  });

  it('passes over busy, offered, stale, inactive and off-duty drivers and drivers with no position', async () => {
    const account = await autoAssigningAccount();
    const busy = await driverAt(0.1);
    await assignDriver({ id: (await createDispatch({ accountId: account.id, input: dispatchBody() })).id, scope: platformScope(), driverId: busy.id, actor: ADMIN });
    const stale = await driverAt(0.3);
    await db().driver.update({ where: { id: stale.id }, data: { lastPositionAt: new Date(Date.now() - 60 * 60_000) } });
    const inactive = await driverAt(0.4);
    await db().driver.update({ where: { id: inactive.id }, data: { isActive: false } });
    await driverAt(0.45, { onDuty: false });
    await createDriver({ input: { name: 'No position', on_duty: true } });
    const free = await driverAt(5);
    const record = await readyDispatch(account.id);
    expect(await offeredAfterRound(record.id)).toBe(free.id);
  });

  it('leaves a dispatch new when nobody is free, and a later round offers it', async () => {
    const account = await autoAssigningAccount();
    const record = await readyDispatch(account.id);
    const rounds = engine();
    expect(await offeredAfterRound(record.id, rounds)).toBeUndefined();
    const driver = await driverAt(1);
    expect(await offeredAfterRound(record.id, rounds)).toBe(driver.id);
  });

  it('never plans accounts that neither auto-assign nor run a sandbox, nor gives a simulated driver another account’s dispatch', async () => {
    const manual = await newAccount();
    await driverAt(0.1);
    const unassigned = await readyDispatch(manual.id);
    expect(await offeredAfterRound(unassigned.id)).toBeUndefined();
    await db().driver.updateMany({ data: { isActive: false } });

    const another = await newAccount();
    await simulatedDriverAt(0.05, another.id);
    const account = await autoAssigningAccount();
    const real = await driverAt(2);
    const record = await readyDispatch(account.id);
    expect(await offeredAfterRound(record.id)).toBe(real.id);
  });

  it('assigns a sandbox account’s dispatch to one of its simulated drivers directly, as a trip, without an offer', async () => {
    const sandbox = await sandboxAccount();
    const simulated = await simulatedDriverAt(0.5, sandbox.id);
    const record = await readyDispatch(sandbox.id);
    expect((await engine().runRound()).outcomes.assigned).toBe(1);
    const row = await db().dispatch.findUniqueOrThrow({ where: { id: record.id }, select: { assignedDriverId: true, state: true, tripId: true, record: true } });
    expect(row).toMatchObject({ assignedDriverId: simulated.id, state: 'assigned', tripId: expect.stringMatching(/^trp_/) });
    expect((row.record as { status: { ref_id: string }[] }).status.at(-1)?.ref_id).toBe('sandbox');
    expect(await db().dispatchOffer.count({ where: { dispatchId: record.id } })).toBe(0);
  });

  it('gives a sandbox a simulated driver for each kitchen with orders waiting and no idle driver, placed near it', async () => {
    const sandbox = await sandboxAccount();
    const elsewhere = { ...PICKUP, ref_id: 'branch-2', lat: PICKUP.lat + 0.05 };
    const records = [await readyDispatch(sandbox.id, { vendor_bid: 'a' }), await readyDispatch(sandbox.id, { vendor_bid: 'b', pickup: elsewhere })];
    await engine().runRound();
    const rows = await db().dispatch.findMany({
      where: { id: { in: records.map((r) => r.id) } },
      select: { id: true, assignedDriver: { select: { id: true, sandboxAccountId: true, lastLat: true } } },
    });
    const byId = new Map(rows.map((row) => [row.id, row.assignedDriver]));
    expect(records.map((record) => byId.get(record.id)?.sandboxAccountId)).toEqual([sandbox.id, sandbox.id]);
    expect(byId.get(records[0]!.id)!.id).not.toBe(byId.get(records[1]!.id)!.id);
    // Each placed near its own kitchen (5.5 km apart).
    expect(Math.abs(byId.get(records[1]!.id)!.lastLat! - elsewhere.lat)).toBeLessThan(0.02);
  });

  it('gives a sandbox’s two orders of one kitchen going the same way to one simulated driver, as one trip in drop-off order', async () => {
    const sandbox = await sandboxAccount();
    const near = { ...dispatchBody().destination, ref_id: 'near', lat: PICKUP.lat + 0.02, lng: PICKUP.lng };
    const far = { ...near, ref_id: 'far', lat: PICKUP.lat + 0.04 };
    const farther = await readyDispatch(sandbox.id, { destination: far });
    const nearer = await readyDispatch(sandbox.id, { destination: near });
    expect((await engine().runRound()).outcomes.assigned).toBe(1);
    const rows = await db().dispatch.findMany({ where: { id: { in: [farther.id, nearer.id] } }, select: { id: true, assignedDriverId: true, tripId: true, tripSeq: true } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(farther.id)!.assignedDriverId).toBe(byId.get(nearer.id)!.assignedDriverId);
    expect(byId.get(farther.id)!.tripId).toBe(byId.get(nearer.id)!.tripId);
    expect([byId.get(nearer.id)!.tripSeq, byId.get(farther.id)!.tripSeq]).toEqual([0, 1]);
  });
});

describe('trips (bundles)', () => {
  it('offers two orders of one pickup to one driver as one offer; accepting takes both, in drop-off order, with the expected pickup', async () => {
    const account = await autoAssigningAccount();
    const driver = await driverAt(0.5);
    const first = await readyDispatch(account.id);
    const second = await readyDispatch(account.id);
    await engine().runRound();
    const offers = await db().dispatchOffer.findMany({ where: { dispatchId: { in: [first.id, second.id] }, state: 'pending' } });
    expect(offers).toHaveLength(2);
    expect(new Set(offers.map((offer) => offer.tripId)).size).toBe(1);
    expect(offers.every((offer) => offer.driverId === driver.id)).toBe(true);
    const trip = await tripOf(offers[0]!.tripId!);
    expect(trip).toMatchObject({ state: 'offered', kind: 'final', driverId: driver.id });

    const shown = await currentOffer(driver.id);
    expect(shown?.trip.dispatches.map((item) => item.dispatch_id)).toEqual(trip.orderIds);
    expect(shown?.id).toBe(offers.find((offer) => offer.dispatchId === trip.orderIds[0])!.id);

    const { records } = await acceptOffer({ offerId: shown!.id, driverId: driver.id });
    expect(records.map((record) => record.id)).toEqual(trip.orderIds);
    for (const [position, record] of records.entries()) {
      expect(record.assigned_driver_id).toBe(driver.id);
      expect(record.status.map((entry) => entry.status).slice(-3)).toEqual(['assigned', 'accepted', 'ready_for_pickup']);
      expect(record.status.find((entry) => entry.status === 'assigned')).toMatchObject({ ref_type: 'system', ref_id: 'auto-assign' });
      expect(record.trip).toEqual({ id: trip.id, position });
      expect(record.expected_pickup_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    }
    // The vendor's webhooks carry each dispatch's assignment with the trip.
    const events = await db().dispatchEvent.findMany({ where: { dispatchId: first.id, type: 'dispatch.driver_assigned' }, select: { payload: true } });
    expect((events[0]!.payload as { trip: unknown }).trip).toMatchObject({ id: trip.id });
    expect(await tripOf(trip.id)).toMatchObject({ state: 'accepted' });
  });

  /** A dispatch with two free drivers, after the round that offers it to the nearer one. */
  async function offeredToTheNearer() {
    const account = await autoAssigningAccount();
    const near = await driverAt(0.5);
    const far = await driverAt(2);
    const record = await readyDispatch(account.id);
    const rounds = engine();
    await rounds.runRound();
    const offer = await openOffer(record.id);
    expect(offer?.driverId).toBe(near.id);
    return { near, far, record, rounds, offer };
  }

  it('a declined trip goes back to the next round, to another driver (not the one who declined)', async () => {
    const { near, far, record, rounds, offer } = await offeredToTheNearer();
    await declineOffer({ offerId: offer!.id, driverId: near.id });
    expect(await tripOf(offer!.tripId!)).toMatchObject({ state: 'declined' });
    expect(await openOffer(record.id)).toBeNull();
    expect(await offeredAfterRound(record.id, rounds)).toBe(far.id);
  });

  it('an offer nobody answered expires at the next round and moves on', async () => {
    const { far, record, rounds, offer } = await offeredToTheNearer();
    await db().trip.update({ where: { id: offer!.tripId! }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    await db().dispatchOffer.updateMany({ where: { tripId: offer!.tripId! }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect(await offeredAfterRound(record.id, rounds)).toBe(far.id);
    expect(await tripOf(offer!.tripId!)).toMatchObject({ state: 'expired' });
  });

  it('withdraws the trip of a dispatch cancelled meanwhile, and its driver is planned again', async () => {
    const account = await autoAssigningAccount();
    const driver = await driverAt(1);
    const cancelled = await readyDispatch(account.id);
    const rounds = engine();
    await rounds.runRound();
    const offer = await openOffer(cancelled.id);
    await changeStatus({ id: cancelled.id, scope: platformScope(), status: 'cancelled', actor: ADMIN });
    const next = await readyDispatch(account.id);
    expect(await offeredAfterRound(next.id, rounds)).toBe(driver.id);
    expect(await tripOf(offer!.tripId!)).toMatchObject({ state: 'withdrawn' });
  });

  it('sends a driver ahead to wait for food that is not ready yet (a commit trip), and the app says when it will be', async () => {
    const account = await autoAssigningAccount();
    const driver = await driverAt(0.1);
    // About 20 s away: the food is ready 110 s from now, so the driver must leave within this
    // round (of 60 s) and waits at the restaurant.
    const readyAt = new Date(Date.now() + 110_000);
    const record = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup_ready_at: readyAt.toISOString() }) });
    await engine().runRound();
    const offer = await openOffer(record.id);
    expect(offer?.driverId).toBe(driver.id);
    const trip = await tripOf(offer!.tripId!);
    expect(trip.kind).toBe('commit');
    expect(Math.abs(trip.readyAt.getTime() - readyAt.getTime())).toBeLessThan(1_000);
    expect(trip.arriveAt.getTime()).toBeLessThan(readyAt.getTime());
    const shown = await currentOffer(driver.id);
    expect(shown?.trip).toMatchObject({ kind: 'commit', ready_at: trip.readyAt.toISOString() });
    const { records } = await acceptOffer({ offerId: offer!.id, driverId: driver.id });
    expect(records[0]?.expected_pickup_at).not.toBeNull();
    // The driver app's job: sent ahead to wait, with the time the food is expected.
    const [job] = await listDriverJobs({ scope: driverScope(driver.id) });
    expect(job?.trip).toMatchObject({ id: trip.id, position: 0, size: 1, kind: 'commit', waiting: true });
    expect(Math.abs(Date.parse(`${job!.trip!.ready_at.replace(' ', 'T')}Z`) - readyAt.getTime())).toBeLessThan(1_000);
    // Once the kitchen says it is ready, the driver no longer waits.
    await markReady({ id: record.id, scope: accountScope(account.id), actor: { refType: 'vendor', refId: account.id } });
    expect((await listDriverJobs({ scope: driverScope(driver.id) }))[0]?.trip?.waiting).toBe(false);
  });

  it('plans each town on its own: a driver in another city is not offered the order, nor counted among the free drivers', async () => {
    const account = await autoAssigningAccount();
    // Another city (about 900 km away) with idle drivers on duty: they neither take these orders
    // nor make drivers look plentiful here, which would keep two orders going the same way apart.
    for (let i = 0; i < 4; i++) await driverAt(900 + i);
    const local = await driverAt(0.3);
    const first = await readyDispatch(account.id, { destination: { lat: PICKUP.lat + 0.02, lng: PICKUP.lng + 0.02 } });
    const second = await readyDispatch(account.id, { destination: { lat: PICKUP.lat + 0.03, lng: PICKUP.lng + 0.03 } });
    await engine().runRound();
    const [a, b] = [await openOffer(first.id), await openOffer(second.id)];
    expect(a?.driverId).toBe(local.id);
    expect(b?.tripId).toBe(a?.tripId);

    // An order there, with nobody within an hour of it: it waits rather than going to a driver 900 km away.
    await db().driver.updateMany({ where: { id: { not: local.id } }, data: { isActive: false } });
    const far = await driverAt(900);
    const alone = await readyDispatch(account.id);
    await engine().runRound();
    expect(await openOffer(alone.id)).toBeNull();
    expect(far.id).toBeTruthy();
  });
});

describe('the leader', () => {
  it('runs rounds in one process at a time; another takes over once it is gone', async () => {
    const a = engine();
    const b = engine();
    expect(await a.runOnce()).not.toBeNull();
    expect(await b.runOnce()).toBeNull();
    expect(a.isLeader && !b.isLeader).toBe(true);
    if (dbKind() === 'postgres') {
      // A crash: the leader's session ends without a word (kill -9, a lost host).
      const pid = await (a.lease as AdvisoryLockLease).backendPid();
      await db().$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
    } else {
      // The embedded database has one owner process; a stopped engine lets go.
      await a.stop();
    }
    // PostgreSQL releases the lock once the ended session's backend is gone (a moment later).
    const ended = Date.now();
    let report = await b.runOnce();
    while (!report && Date.now() - ended < 2_000) report = await b.runOnce();
    expect(report).not.toBeNull();
    expect(await a.runOnce()).toBeNull();
  });

  it('a follower’s loop takes over within one round of the leader’s end, and a new dispatch is offered without a manual round', async () => {
    const account = await autoAssigningAccount();
    const driver = await driverAt(0.5);
    const roundMs = 400;
    const a = engine({ roundMs, minGapMs: 50 });
    const b = engine({ roundMs, minGapMs: 50 });
    a.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    b.start();
    await new Promise((resolve) => setTimeout(resolve, roundMs));
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);
    if (dbKind() === 'postgres') {
      const pid = await (a.lease as AdvisoryLockLease).backendPid();
      await db().$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
    }
    await a.stop();
    // Timed from the leader's end (its stop waits for a round in flight, which a loaded machine
    // stretches): the follower's next round takes the lead. A follower that only retried after
    // several rounds, or never, fails here.
    const stoppedAt = Date.now();
    while (!b.isLeader && Date.now() - stoppedAt < 5_000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(b.isLeader).toBe(true);
    expect(Date.now() - stoppedAt).toBeLessThan(2 * roundMs);

    const record = await readyDispatch(account.id);
    const started = Date.now();
    while (!(await openOffer(record.id)) && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await openOffer(record.id))?.driverId).toBe(driver.id);
  });
});
