import type { LatLng } from '@/lib/pricing/shared/estimates/route-estimator';
import { isAt, moveTowards, stepKm } from '@/lib/fleet/server/sandbox/straight-line';

// What the simulator does next with one dispatch, derived from what the database holds alone
// (its state and history, its driver's last position): a simulator that restarts, or another
// process that takes the dispatch over, continues where the last step left it.

export interface SimulatedDriver {
  id: string;
  /** The sandbox account this simulated driver belongs to; null for a real driver. */
  sandboxAccountId: string | null;
  position: LatLng | null;
  positionAt: Date | null;
}

export interface SimulatedDispatch {
  accountId: string;
  state: string;
  pickup: LatLng;
  destination: LatLng;
  statusHistory: readonly { status: string; status_captured_time: string }[];
  driver: SimulatedDriver | null;
  speedKmh: number;
  /**
   * The other dispatches of its trip (same driver, same pickup) with their place among the
   * drop-offs; empty when it travels alone. The driver picks every one up, then drops them off
   * in `seq` order.
   */
  tripmates: readonly { seq: number; state: string }[];
  /** Its own place among the trip's drop-offs (0 first); 0 alone. */
  tripSeq: number;
  /** When the simulated kitchen's food is ready (lib/fleet/server/sandbox/kitchen.ts): the driver waits at the pickup until then. */
  foodReadyAt: Date;
}

export type SimulatorStep =
  /** Wait for a simulated driver: the dispatch engine's next round assigns one (creating it if none is idle). */
  | { kind: 'assign' }
  /** Record a lifecycle status as the driver. */
  | { kind: 'status'; status: 'accepted' | 'ready_for_pickup' | 'picked_up' | 'delivered' }
  /** Record the driver's next position (the geofence adds near_pickup / near_destination). */
  | { kind: 'move'; driverId: string; to: LatLng }
  /** Nothing this tick: another dispatch of the trip moves the driver, or the driver waits at the pickup for the food. */
  | { kind: 'wait'; reason: 'tripmate_drives' | 'kitchen' }
  /** The simulator is done with this dispatch: finished, or in hands other than its own. */
  | { kind: 'leave'; reason: 'finished' | 'not_simulated' };

const FINISHED_STATES = new Set(['delivered', 'qa_qc', 'cancelled', 'dispatch_rejected']);
/** Before the pickup: the driver has not left the kitchen with the food yet. */
const BEFORE_PICKUP_STATES = new Set(['assigned', 'accepted', 'ready_for_pickup']);

/** The next step of `dispatch` at `now` when the simulator ticks every `tickMs`. */
export function nextStep(dispatch: SimulatedDispatch, tickMs: number, now: number = Date.now()): SimulatorStep {
  const { state, driver } = dispatch;
  if (FINISHED_STATES.has(state)) return { kind: 'leave', reason: 'finished' };
  if (state === 'new' || state === 'dispatch_accepted') return { kind: 'assign' };
  if (state === 'assigned' && !driver) return { kind: 'assign' };
  // Someone (an admin) gave the dispatch to a real driver: the simulator lets go of it.
  if (!driver || driver.sandboxAccountId !== dispatch.accountId) return { kind: 'leave', reason: 'not_simulated' };

  switch (state) {
    case 'assigned':
      return { kind: 'status', status: 'accepted' };
    case 'accepted':
      // One dispatch of a trip drives to the pickup (the first still on its way); the others
      // arrive with it.
      {
        const step = drivesToPickup(dispatch) ? leg(dispatch, driver, dispatch.pickup, 'ready_for_pickup', tickMs) : arrivedWith(dispatch, driver, dispatch.pickup, 'ready_for_pickup');
        // At the kitchen before the food: the driver waits there.
        return step.kind === 'status' && now < dispatch.foodReadyAt.getTime() ? { kind: 'wait', reason: 'kitchen' } : step;
      }
    case 'ready_for_pickup':
      // The kitchen may say "ready" before the driver is there: the driver gets there first.
      return drivesToPickup(dispatch) ? leg(dispatch, driver, dispatch.pickup, 'picked_up', tickMs) : arrivedWith(dispatch, driver, dispatch.pickup, 'picked_up');
    case 'picked_up':
      // The driver leaves the kitchen with every order of the trip, then drops them off in order.
      if (dispatch.tripmates.some((mate) => BEFORE_PICKUP_STATES.has(mate.state) || (mate.seq < dispatch.tripSeq && !FINISHED_STATES.has(mate.state)))) {
        return { kind: 'wait', reason: 'tripmate_drives' };
      }
      return leg(dispatch, driver, dispatch.destination, 'delivered', tickMs);
    default:
      return { kind: 'leave', reason: 'not_simulated' };
  }
}

/** Whether this dispatch moves the driver to the pickup: alone, or the first of its trip still on the way. */
function drivesToPickup(dispatch: SimulatedDispatch): boolean {
  return !dispatch.tripmates.some((mate) => BEFORE_PICKUP_STATES.has(mate.state) && mate.seq < dispatch.tripSeq);
}

/** A dispatch the trip's lead drives: its arrival status once the driver stands at `stop`, else nothing. */
function arrivedWith(dispatch: SimulatedDispatch, driver: SimulatedDriver, stop: LatLng, arrival: 'ready_for_pickup' | 'picked_up'): SimulatorStep {
  if (driver.position && isAt(driver.position, stop) && hasReportedSince(driver, enteredAt(dispatch))) return { kind: 'status', status: arrival };
  return { kind: 'wait', reason: 'tripmate_drives' };
}

/**
 * One tick of a drive to `stop`: a move, or the arrival status once the driver stands there. At
 * least one position is recorded during the leg, even a leg of zero length, so the geofence
 * sees the driver at the stop before the status that ends the leg.
 */
function leg(
  dispatch: SimulatedDispatch,
  driver: SimulatedDriver,
  stop: LatLng,
  arrival: 'ready_for_pickup' | 'picked_up' | 'delivered',
  tickMs: number,
): SimulatorStep {
  const from = driver.position ?? stop;
  if (isAt(from, stop) && hasReportedSince(driver, enteredAt(dispatch))) return { kind: 'status', status: arrival };
  return { kind: 'move', driverId: driver.id, to: moveTowards(from, stop, stepKm(dispatch.speedKmh, tickMs)).position };
}

/** When the dispatch entered its current state (the last history entry of it); null if unknown. */
function enteredAt(dispatch: SimulatedDispatch): Date | null {
  const entry = dispatch.statusHistory.findLast((item) => item.status === dispatch.state);
  if (!entry) return null;
  const at = new Date(`${entry.status_captured_time.replace(' ', 'T')}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

function hasReportedSince(driver: SimulatedDriver, since: Date | null): boolean {
  if (!driver.positionAt) return false;
  return since === null || driver.positionAt.getTime() >= since.getTime();
}
