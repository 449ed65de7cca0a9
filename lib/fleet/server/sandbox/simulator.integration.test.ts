import { afterEach, describe, expect, it } from 'vitest';
import { updateAccountModes } from '@/lib/accounts/server/update-account-modes';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { markReady } from '@/lib/dispatch/server/mark-ready';
import { greatCircleKm } from '@/lib/pricing/shared/estimates/route-estimator';
import { DispatchEngine } from '@/lib/engine/server/live/engine';
import { releaseSandboxClaims, SandboxSimulator, type SimulatorOptions, type StepEvent } from '@/lib/fleet/server/sandbox/simulator';
import { pointAt } from '@/lib/fleet/server/sandbox/straight-line';
import { setUpDeliveryHarness } from '@/test/delivery-harness';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';
import { waitFor } from '@/test/webhook-receiver';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';

// The simulator against a real database: whole lifecycles through the domain functions, the
// webhooks they fire, and several simulators sharing the work.

const { receiver, startWorker } = setUpDeliveryHarness();

const PICKUP = { ref_id: 'branch-1', lat: 24.7136, lng: 46.6753, address_line: 'Olaya St, Riyadh' };
/** 2 km north-east of the pickup: with the driver placed 1–2 km away, a lifecycle of ~4 km. */
const DESTINATION = { ...pointAt(PICKUP, 2, 45), address_line: 'Nearby' };
const LIFECYCLE = ['new', 'assigned', 'accepted', 'near_pickup', 'ready_for_pickup', 'picked_up', 'near_destination', 'delivered'];

const simulators: SandboxSimulator[] = [];
// The dispatch engine gives sandbox dispatches their simulated drivers (lib/engine/server).
const rounds = new DispatchEngine({ roundMs: 15_000, minGapMs: 50 });
afterEach(async () => {
  await Promise.all(simulators.splice(0).map((simulator) => simulator.stop()));
  await rounds.stop();
});

async function startSimulator(options: Partial<SimulatorOptions> = {}): Promise<SandboxSimulator> {
  const simulator = new SandboxSimulator({ tickMs: 40, ...options });
  simulators.push(simulator);
  simulator.start();
  rounds.start();
  rounds.wake();
  return simulator;
}

/** An account in sandbox mode at `speedKmh`, with its webhook going to the receiver at `path`. */
async function sandboxAccount(speedKmh: number, path?: string) {
  const account = await newAccount();
  await updateAccountModes({ accountId: account.id, input: { sandbox: true, sandbox_speed_kmh: speedKmh } });
  if (path) await registerWebhook({ accountId: account.id, url: `${receiver.url}/${path}`, allowPrivate: true });
  return account;
}

async function dispatchRow(id: string) {
  return db().dispatch.findUniqueOrThrow({
    where: { id },
    select: {
      state: true,
      simNextAt: true,
      statusHistory: true,
      assignedDriver: { select: { id: true, fleetId: true, sandboxAccountId: true, lastLat: true, lastLng: true } },
    },
  });
}

function firstOfEach<T extends { id: string }>(events: T[]): T[] {
  return events.filter((event, index) => events.findIndex((other) => other.id === event.id) === index);
}

const statusesOf = (history: unknown) => (history as { status: string }[]).map((entry) => entry.status);

async function waitForState(id: string, state: string, timeoutMs = 30_000) {
  await waitFor(async () => (await dispatchRow(id)).state === state, timeoutMs, `${id} ${state}`);
}

describe('sandbox simulator', () => {
  it('drives a sandbox dispatch from new to delivered, firing its webhooks in order with each geofence status once', async () => {
    const account = await sandboxAccount(3_600, 'lifecycle');
    await startWorker();
    const created = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) });
    expect((await dispatchRow(created.id)).simNextAt).not.toBeNull();
    await startSimulator();

    await waitForState(created.id, 'delivered');
    // The simulator unschedules the dispatch in the statement after its last step: wait for it.
    await waitFor(async () => (await dispatchRow(created.id)).simNextAt === null, 10_000, `${created.id} unscheduled`);
    const row = await dispatchRow(created.id);
    expect(statusesOf(row.statusHistory)).toEqual(LIFECYCLE);
    // A simulated driver of this account, in the sandbox fleet, standing at the destination.
    expect(row.assignedDriver).toMatchObject({ fleetId: 'sandbox', sandboxAccountId: account.id });
    expect(greatCircleKm({ lat: row.assignedDriver!.lastLat!, lng: row.assignedDriver!.lastLng! }, DESTINATION)).toBeLessThan(0.001);
    const actors = (row.statusHistory as { status: string; ref_type: string; ref_id: string }[]).map((entry) => [entry.status, entry.ref_type]);
    expect(actors.find(([status]) => status === 'assigned')).toEqual(['assigned', 'system']);
    expect(actors.find(([status]) => status === 'delivered')).toEqual(['delivered', 'driver']);

    // Every event reaches the receiver, signed and in order; the statuses are the lifecycle's.
    const expected = await db().dispatchEvent.count({ where: { dispatchId: created.id } });
    const delivered = () => new Set(receiver.received.filter((request) => request.path === '/hooks/lifecycle').map((request) => request.headers['webhook-id']));
    await waitFor(() => delivered().size === expected + 1, 15_000, 'all webhooks (and the registration ping)');
    // Delivery is at least once (a slow answer is retried): a receiver keeps the first of each id.
    const events = firstOfEach(receiver.verified(account.webhook_secret).filter((event) => event.payload?.id === created.id));
    expect(events.map((event) => event.sequence)).toEqual(Array.from({ length: expected }, (_, index) => index + 1));
    const statusEvents = events.filter((event) => event.type === 'dispatch.status_updated');
    expect(statusEvents.map((event) => event.payload.status.at(-1).status)).toEqual(LIFECYCLE);
    // ETAs at the simulated driver's own speed: a 1–2 km drive at 3,600 km/h is a minute at most.
    const etas = events.filter((event) => event.type === 'dispatch.eta_updated').map((event) => event.payload.eta);
    expect(etas[0]).toMatchObject({ stop: 'pickup', minutes: 1 });
    expect(etas.some((eta) => eta.stop === 'destination')).toBe(true);
    expect(etas.every((eta) => eta.minutes <= 1)).toBe(true);
    const assigned = events.findIndex((event) => event.type === 'dispatch.driver_assigned');
    expect(events[assigned - 1]?.payload.status.at(-1).status).toBe('assigned');
    expect(events[assigned]?.payload.driver).toMatchObject({ id: row.assignedDriver!.id, fleet_id: 'sandbox' });
  });

  it('drives a trip of two orders of one kitchen: one drive to the pickup, both picked up, then each drop-off in order', async () => {
    const account = await sandboxAccount(3_600);
    const near = { ...pointAt(PICKUP, 1, 45), address_line: 'Near' };
    const far = { ...pointAt(PICKUP, 3, 45), address_line: 'Far' };
    // Created before the engine's first round, they wait together: one simulated driver, one trip.
    const farther = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: far }) });
    const nearer = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: near }) });
    await startSimulator();
    await waitForState(farther.id, 'delivered');
    await waitForState(nearer.id, 'delivered');
    const rows = await db().dispatch.findMany({
      where: { id: { in: [nearer.id, farther.id] } },
      select: { id: true, tripId: true, tripSeq: true, assignedDriverId: true, statusHistory: true },
    });
    const [first, second] = [rows.find((row) => row.id === nearer.id)!, rows.find((row) => row.id === farther.id)!];
    expect(first.assignedDriverId).toBe(second.assignedDriverId);
    expect(first.tripId).not.toBeNull();
    expect(first.tripId).toBe(second.tripId);
    expect([first.tripSeq, second.tripSeq]).toEqual([0, 1]);
    expect(statusesOf(first.statusHistory)).toEqual(LIFECYCLE);
    expect(statusesOf(second.statusHistory)).toEqual(LIFECYCLE);
    const at = (history: unknown, status: string) =>
      (history as { status: string; status_captured_time: string }[]).find((entry) => entry.status === status)!.status_captured_time;
    // Both left the kitchen before the first drop-off, and the nearer was delivered first.
    expect(at(second.statusHistory, 'picked_up') <= at(first.statusHistory, 'delivered')).toBe(true);
    expect(at(first.statusHistory, 'delivered') <= at(second.statusHistory, 'near_destination')).toBe(true);
  });

  it('waits at the kitchen for the food like a restaurant (time to try Ready now, cancel or a destination change), then goes on once it is ready', async () => {
    const account = await sandboxAccount(3_600);
    // A 10-minute kitchen, stepped by hand: the driver reaches the pickup and waits there.
    const simulator = new SandboxSimulator({ tickMs: 100, prepS: 600 });
    const tick = async () => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      return simulator.runOnce();
    };
    const created = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) });
    await rounds.runRound();
    // 100 m a tick at 3,600 km/h: the driver, 1–2 km away, is at the pickup within 25 ticks; then five more.
    for (let step = 0; step < 25 && !statusesOf((await dispatchRow(created.id)).statusHistory).includes('near_pickup'); step++) await tick();
    for (let step = 0; step < 5; step++) await tick();
    const waiting = await dispatchRow(created.id);
    expect(waiting.state).toBe('accepted');
    expect(statusesOf(waiting.statusHistory)).toContain('near_pickup');
    expect(greatCircleKm({ lat: waiting.assignedDriver!.lastLat!, lng: waiting.assignedDriver!.lastLng! }, PICKUP)).toBeLessThan(0.001);
    // The kitchen says "ready": the driver picks up and goes on.
    await markReady({ id: created.id, scope: accountScope(account.id), actor: { refType: 'vendor', refId: account.id } });
    for (let step = 0; step < 6 && (await dispatchRow(created.id)).state !== 'picked_up'; step++) await tick();
    expect((await dispatchRow(created.id)).state).toBe('picked_up');
  });

  it('never touches the dispatches of an account that is not in sandbox mode', async () => {
    const real = await newAccount();
    const sandbox = await sandboxAccount(5_000);
    const untouched = await createDispatch({ accountId: real.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) });
    const simulated = await createDispatch({ accountId: sandbox.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) });
    expect((await dispatchRow(untouched.id)).simNextAt).toBeNull();
    await startSimulator();
    await waitForState(simulated.id, 'delivered');
    const row = await dispatchRow(untouched.id);
    expect(row).toMatchObject({ state: 'new', simNextAt: null, assignedDriver: null });
    expect(statusesOf(row.statusHistory)).toEqual(['new']);
    expect(await db().dispatchEvent.count({ where: { dispatchId: untouched.id } })).toBe(1);
  });

  it('lets go of a dispatch cancelled on the way, or given to a real driver, and reuses its idle simulated driver', async () => {
    const account = await sandboxAccount(60);
    const body = () => dispatchBody({ pickup: PICKUP, destination: DESTINATION });
    // Stepped by hand, one tick at a time, so that each situation is set up between two steps.
    const simulator = new SandboxSimulator({ tickMs: 20 });
    const tick = async () => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return simulator.runOnce();
    };
    const cancelled = await createDispatch({ accountId: account.id, input: body() });
    await rounds.runRound();
    expect((await dispatchRow(cancelled.id)).state).toBe('assigned');
    expect(await simulator.runOnce()).toBe(1);
    await tick();
    await tick();
    const accepted = await dispatchRow(cancelled.id);
    expect(accepted.state).toBe('accepted');
    const driverId = accepted.assignedDriver!.id;
    await changeStatus({ id: cancelled.id, scope: accountScope(account.id), status: 'cancelled', actor: { refType: 'vendor', refId: 'test' } });
    expect(await tick()).toBe(1);
    expect((await dispatchRow(cancelled.id)).simNextAt).toBeNull();

    // The next dispatch gets the same (now idle) driver, from where it stopped.
    const next = await createDispatch({ accountId: account.id, input: body() });
    await rounds.runRound();
    const assigned = await dispatchRow(next.id);
    expect(assigned.state).toBe('assigned');
    expect(assigned.assignedDriver!.id).toBe(driverId);

    // An admin gives it to a real driver: the simulator lets go of it.
    const human = await newDriver();
    await assignDriver({ id: next.id, scope: platformScope(), driverId: human.id, actor: { refType: 'admin', refId: 'ops' } });
    expect(await tick()).toBe(1);
    const released = await dispatchRow(next.id);
    expect(released).toMatchObject({ state: 'assigned', simNextAt: null });
    expect(released.assignedDriver!.id).toBe(human.id);
    expect(await tick()).toBe(0);
    expect(await db().driver.count({ where: { sandboxAccountId: account.id } })).toBe(1);
  });

  it('continues where it was after a restart: the next simulator derives the step from the database', async () => {
    const account = await sandboxAccount(2_000);
    const created = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) });
    const first = await startSimulator();
    await waitForState(created.id, 'picked_up');
    await first.stop();
    const stoppedAt = await dispatchRow(created.id);
    await startSimulator();
    await waitForState(created.id, 'delivered');
    const history = statusesOf((await dispatchRow(created.id)).statusHistory);
    expect(history).toEqual(LIFECYCLE);
    expect(history.slice(0, statusesOf(stoppedAt.statusHistory).length)).toEqual(statusesOf(stoppedAt.statusHistory));
  });

  it('takes over the claims of a simulator that died between a step and its schedule once they expire', async () => {
    const account = await sandboxAccount(5_000);
    const dispatches = await Promise.all(
      Array.from({ length: 3 }, () => createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) })),
    );
    // "Dies" right after its first step of each dispatch: the claims stay, nothing is scheduled.
    const dying = new SandboxSimulator({ tickMs: 40, leaseMs: 3_000, concurrency: 1, onStep: () => {
      throw new Error('died');
    } });
    await expect(dying.runOnce()).rejects.toThrow('died');
    const claimed = await db().dispatch.findMany({ where: { accountId: account.id }, select: { id: true, simNextAt: true } });
    expect(claimed.every((row) => row.simNextAt!.getTime() > Date.now())).toBe(true);

    const steps: StepEvent[] = [];
    await startSimulator({ onStep: (event) => steps.push(event) });
    await waitFor(
      async () => (await db().dispatch.count({ where: { accountId: account.id, state: 'delivered', simNextAt: null } })) === dispatches.length,
      30_000,
      'every dispatch delivered',
    );
    for (const { id, simNextAt: claimedUntil } of claimed) {
      // Not before the claim expired, and continuing from the step the dead one took.
      expect(steps.find((step) => step.dispatchId === id)!.startedAt).toBeGreaterThanOrEqual(claimedUntil!.getTime() - 50);
      expect(statusesOf((await dispatchRow(id)).statusHistory)).toEqual(LIFECYCLE);
    }
  });

  it('releases every claim at once when the embedded database’s owner starts again', async () => {
    const account = await sandboxAccount(5_000);
    const created = await createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) });
    const dying = new SandboxSimulator({ leaseMs: 60_000, onStep: () => {
      throw new Error('died');
    } });
    await expect(dying.runOnce()).rejects.toThrow('died');
    expect((await dispatchRow(created.id)).simNextAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    await releaseSandboxClaims();
    await startSimulator();
    await waitForState(created.id, 'delivered', 15_000);
    expect(statusesOf((await dispatchRow(created.id)).statusHistory)).toEqual(LIFECYCLE);
  });

  it('two simulators at once never step one dispatch twice at the same time, nor give a driver two trips at once', async () => {
    const account = await sandboxAccount(5_000);
    const steps: StepEvent[] = [];
    const onStep = (event: StepEvent) => steps.push(event);
    const dispatches = await Promise.all(
      Array.from({ length: 12 }, () => createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) })),
    );
    await Promise.all([startSimulator({ tickMs: 20, onStep }), startSimulator({ tickMs: 20, onStep })]);
    await waitFor(
      async () => (await db().dispatch.count({ where: { accountId: account.id, state: 'delivered', simNextAt: null } })) === dispatches.length,
      60_000,
      'every dispatch delivered',
    );

    // Both took part, no step failed, and the steps of each dispatch never overlap in time. Only a
    // position may be put off: two dispatches of one trip, stepped at once, move one driver, and a
    // position that keeps racing the driver's other dispatch is refused with "send it again" (seen
    // on a loaded machine); a step taken twice would be refused for good (invalid_transition).
    expect(new Set(steps.map((step) => step.simulator)).size).toBe(2);
    expect(steps.filter((step) => step.error && !(step.retry && step.step === 'move'))).toEqual([]);
    for (const dispatch of dispatches) {
      const own = steps.filter((step) => step.dispatchId === dispatch.id).sort((a, b) => a.startedAt - b.startedAt);
      for (let index = 1; index < own.length; index++) expect(own[index]!.startedAt).toBeGreaterThanOrEqual(own[index - 1]!.endedAt);
      // Waiting for the dispatch engine's driver comes before everything else, and the driver once.
      expect(own.slice(own.findIndex((step) => step.step !== 'assign')).filter((step) => step.step === 'assign')).toEqual([]);
      expect(statusesOf((await dispatchRow(dispatch.id)).statusHistory)).toEqual(LIFECYCLE);
    }

    // A simulated driver carries one trip at a time: its trips' first assigned..last delivered spans are disjoint.
    const rows = await db().dispatch.findMany({ where: { accountId: account.id }, select: { assignedDriverId: true, tripId: true, statusHistory: true } });
    const trips = new Map<string, { driverId: string; span: [string, string] }>();
    for (const row of rows) {
      const history = row.statusHistory as { status: string; status_captured_time: string }[];
      const [from, to] = [history.find((entry) => entry.status === 'assigned')!.status_captured_time, history.at(-1)!.status_captured_time];
      const trip = trips.get(row.tripId!);
      if (trip) expect(trip.driverId).toBe(row.assignedDriverId);
      trips.set(row.tripId!, { driverId: row.assignedDriverId!, span: trip ? [from < trip.span[0] ? from : trip.span[0], to > trip.span[1] ? to : trip.span[1]] : [from, to] });
    }
    const spans = new Map<string, [string, string][]>();
    for (const { driverId, span } of trips.values()) spans.set(driverId, [...(spans.get(driverId) ?? []), span]);
    for (const driverSpans of spans.values()) {
      driverSpans.sort((a, b) => a[0].localeCompare(b[0]));
      for (let index = 1; index < driverSpans.length; index++) expect(driverSpans[index]![0] >= driverSpans[index - 1]![1]).toBe(true);
    }
  });
});
