import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { greatCircleKm } from '@/lib/pricing/shared/estimates/route-estimator';
import { nextStep, type SimulatedDispatch } from '@/lib/fleet/server/internal/sandbox/next-step';
import { pointAt } from '@/lib/fleet/server/sandbox/straight-line';

const PICKUP = { lat: 24.6953, lng: 46.6851 };
const DESTINATION = { lat: 24.7136, lng: 46.6753 };
const T0 = new Date('2026-11-23T04:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1_000);
const entry = (status: string, seconds: number) => ({ status, status_captured_time: formatTimestamp(at(seconds)) });

function dispatch(overrides: Partial<SimulatedDispatch> = {}): SimulatedDispatch {
  return {
    accountId: 'acc_1',
    state: 'accepted',
    pickup: PICKUP,
    destination: DESTINATION,
    statusHistory: [entry('new', 0), entry('assigned', 1), entry('accepted', 2)],
    driver: { id: 'drv_1', sandboxAccountId: 'acc_1', position: pointAt(PICKUP, 1.5, 30), positionAt: at(1) },
    speedKmh: 900,
    tripmates: [],
    tripSeq: 0,
    foodReadyAt: T0,
    ...overrides,
  };
}

describe('the next simulator step', () => {
  it('assigns a new (or vendor-accepted) dispatch, and an assigned one that lost its driver', () => {
    expect(nextStep(dispatch({ state: 'new', driver: null, statusHistory: [entry('new', 0)] }), 1_000)).toEqual({ kind: 'assign' });
    expect(nextStep(dispatch({ state: 'dispatch_accepted', driver: null }), 1_000)).toEqual({ kind: 'assign' });
    expect(nextStep(dispatch({ state: 'assigned', driver: null }), 1_000)).toEqual({ kind: 'assign' });
  });

  it('accepts as the driver once assigned, picks up once ready', () => {
    expect(nextStep(dispatch({ state: 'assigned' }), 1_000)).toEqual({ kind: 'status', status: 'accepted' });
    // Ready before the driver is there ("Ready now"): the driver drives to the pickup first, then picks up.
    expect(nextStep(dispatch({ state: 'ready_for_pickup' }), 1_000).kind).toBe('move');
    const ready = [entry('new', 0), entry('assigned', 1), entry('accepted', 2), entry('ready_for_pickup', 3)];
    const there = { id: 'drv_1', sandboxAccountId: 'acc_1', position: PICKUP, positionAt: at(4) };
    expect(nextStep(dispatch({ state: 'ready_for_pickup', statusHistory: ready, driver: there }), 1_000)).toEqual({ kind: 'status', status: 'picked_up' });
  });

  it('moves towards the pickup one tick at the account’s speed while accepted', () => {
    const step = nextStep(dispatch(), 1_000);
    expect(step.kind).toBe('move');
    if (step.kind !== 'move') return;
    expect(step.driverId).toBe('drv_1');
    const from = dispatch().driver!.position!;
    expect(greatCircleKm(from, step.to)).toBeCloseTo(0.25, 3);
    expect(greatCircleKm(step.to, PICKUP)).toBeCloseTo(1.25, 3);
    // Twice the tick, twice the distance.
    const slow = nextStep(dispatch({ speedKmh: 450 }), 2_000);
    expect(slow.kind === 'move' && greatCircleKm(from, slow.to)).toBeCloseTo(0.25, 3);
  });

  it('records the arrival position at the stop, then the arrival status', () => {
    const close = pointAt(PICKUP, 0.1, 200);
    expect(nextStep(dispatch({ driver: { id: 'drv_1', sandboxAccountId: 'acc_1', position: close, positionAt: at(3) } }), 1_000)).toEqual({
      kind: 'move',
      driverId: 'drv_1',
      to: PICKUP,
    });
    expect(nextStep(dispatch({ driver: { id: 'drv_1', sandboxAccountId: 'acc_1', position: PICKUP, positionAt: at(4) } }), 1_000)).toEqual({
      kind: 'status',
      status: 'ready_for_pickup',
    });
  });

  it('drives to the destination while picked up and delivers there', () => {
    const history = [entry('new', 0), entry('assigned', 1), entry('accepted', 2), entry('near_pickup', 5), entry('ready_for_pickup', 6), entry('picked_up', 7)];
    const atPickup = { id: 'drv_1', sandboxAccountId: 'acc_1', position: PICKUP, positionAt: at(5) };
    const move = nextStep(dispatch({ state: 'picked_up', statusHistory: history, driver: atPickup }), 1_000);
    expect(move.kind === 'move' && greatCircleKm(move.to, DESTINATION)).toBeCloseTo(greatCircleKm(PICKUP, DESTINATION) - 0.25, 3);
    const arrived = { ...atPickup, position: DESTINATION, positionAt: at(20) };
    expect(nextStep(dispatch({ state: 'picked_up', statusHistory: history, driver: arrived }), 1_000)).toEqual({ kind: 'status', status: 'delivered' });
  });

  // A driver already standing at the stop when the leg starts would end it without a single
  // position, and the geofence would never see it there: one position is recorded first.
  it('records one position on a leg of zero length before ending it', () => {
    const history = [entry('new', 0), entry('assigned', 1), entry('accepted', 2), entry('ready_for_pickup', 6), entry('picked_up', 7)];
    const standing = { id: 'drv_1', sandboxAccountId: 'acc_1', position: PICKUP, positionAt: at(5) };
    const samePlace = dispatch({ state: 'picked_up', statusHistory: history, driver: standing, destination: PICKUP });
    expect(nextStep(samePlace, 1_000)).toEqual({ kind: 'move', driverId: 'drv_1', to: PICKUP });
    expect(nextStep({ ...samePlace, driver: { ...standing, positionAt: at(8) } }, 1_000)).toEqual({ kind: 'status', status: 'delivered' });
  });

  it('starts a driver with no known position at the stop itself', () => {
    const unknown = { id: 'drv_1', sandboxAccountId: 'acc_1', position: null, positionAt: null };
    expect(nextStep(dispatch({ driver: unknown }), 1_000)).toEqual({ kind: 'move', driverId: 'drv_1', to: PICKUP });
  });

  it('leaves finished dispatches and those given to a real driver or another account’s driver', () => {
    for (const state of ['delivered', 'qa_qc', 'cancelled', 'dispatch_rejected']) {
      expect(nextStep(dispatch({ state }), 1_000)).toEqual({ kind: 'leave', reason: 'finished' });
    }
    const real = { id: 'drv_9', sandboxAccountId: null, position: PICKUP, positionAt: at(1) };
    for (const state of ['assigned', 'accepted', 'ready_for_pickup', 'picked_up']) {
      expect(nextStep(dispatch({ state, driver: real }), 1_000)).toEqual({ kind: 'leave', reason: 'not_simulated' });
      expect(nextStep(dispatch({ state, driver: { ...real, sandboxAccountId: 'acc_other' } }), 1_000)).toEqual({ kind: 'leave', reason: 'not_simulated' });
    }
    expect(nextStep(dispatch({ state: 'picked_up', driver: null }), 1_000)).toEqual({ kind: 'leave', reason: 'not_simulated' });
  });

  describe('a trip of two dispatches (one driver, one pickup, two drop-offs)', () => {
    const pickedUp = [entry('new', 0), entry('assigned', 1), entry('accepted', 2), entry('near_pickup', 5), entry('ready_for_pickup', 6), entry('picked_up', 7)];
    const atPickup = { id: 'drv_1', sandboxAccountId: 'acc_1', position: PICKUP, positionAt: at(8) };

    it('drives to the pickup once, with the first dispatch; the second arrives with it', () => {
      const lead = nextStep(dispatch({ tripSeq: 0, tripmates: [{ seq: 1, state: 'accepted' }] }), 1_000);
      expect(lead.kind).toBe('move');
      expect(nextStep(dispatch({ tripSeq: 1, tripmates: [{ seq: 0, state: 'accepted' }] }), 1_000)).toEqual({ kind: 'wait', reason: 'tripmate_drives' });
      // At the pickup (reported since it was accepted), the second is ready too.
      expect(nextStep(dispatch({ tripSeq: 1, tripmates: [{ seq: 0, state: 'accepted' }], driver: atPickup }), 1_000)).toEqual({ kind: 'status', status: 'ready_for_pickup' });
      // The lead already there: the second takes the wheel (and is at the stop at once).
      expect(nextStep(dispatch({ tripSeq: 1, tripmates: [{ seq: 0, state: 'ready_for_pickup' }], driver: atPickup }), 1_000)).toEqual({ kind: 'status', status: 'ready_for_pickup' });
    });

    it('leaves the kitchen only with every order, and drops them off in order', () => {
      const first = (mate: string) => dispatch({ state: 'picked_up', statusHistory: pickedUp, driver: atPickup, tripSeq: 0, tripmates: [{ seq: 1, state: mate }] });
      const second = (mate: string) => dispatch({ state: 'picked_up', statusHistory: pickedUp, driver: atPickup, tripSeq: 1, tripmates: [{ seq: 0, state: mate }] });
      expect(nextStep(first('ready_for_pickup'), 1_000)).toEqual({ kind: 'wait', reason: 'tripmate_drives' });
      expect(nextStep(first('picked_up'), 1_000).kind).toBe('move');
      expect(nextStep(second('picked_up'), 1_000)).toEqual({ kind: 'wait', reason: 'tripmate_drives' });
      expect(nextStep(second('delivered'), 1_000).kind).toBe('move');
      // A tripmate cancelled on the way does not hold the rest.
      expect(nextStep(second('cancelled'), 1_000).kind).toBe('move');
    });
  });

  it('waits at the kitchen until the food is ready, then records ready_for_pickup', () => {
    const atPickup = { id: 'drv_1', sandboxAccountId: 'acc_1', position: PICKUP, positionAt: at(4) };
    const cooking = dispatch({ driver: atPickup, foodReadyAt: at(90) });
    expect(nextStep(cooking, 1_000, at(30).getTime())).toEqual({ kind: 'wait', reason: 'kitchen' });
    expect(nextStep(cooking, 1_000, at(91).getTime())).toEqual({ kind: 'status', status: 'ready_for_pickup' });
    // On the way the driver drives whatever the kitchen's state.
    expect(nextStep(dispatch({ foodReadyAt: at(90) }), 1_000, at(30).getTime()).kind).toBe('move');
  });
});
