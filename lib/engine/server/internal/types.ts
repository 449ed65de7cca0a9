/**
 * The dispatch engine's contract. The engine (`planRound`) is pure and deterministic: no
 * database, clock or HTTP. Every time is in seconds on one clock the caller chooses (epoch
 * seconds live, minutes × 60 from the start of the day in the MDRP replay); every place is a
 * point in metres on a local plane (live: lat/lng projected around the city, see
 * `travel-time.ts`), with an id that travel-time tables and bundles key on.
 */

export interface Place {
  /** Stable id: a branch or restaurant id for pickups, a dispatch or order id for drop-offs. */
  id: string;
  /** Metres east of the plane's origin. */
  x: number;
  /** Metres north of the plane's origin. */
  y: number;
}

/** Travel between two places, in whole seconds; the one source of travel times for the engine. */
export interface TravelTime {
  seconds(from: Place, to: Place): number;
}

/** Service times and targets; the MDRP instances' values are the defaults. */
export interface DispatchParams {
  /** Time at a pickup: a courier picks up no earlier than arrival + pickupServiceS / 2 and leaves pickupServiceS / 2 later. */
  pickupServiceS: number;
  /** Time at a drop-off: the drop-off is at arrival + dropoffServiceS / 2; the courier leaves dropoffServiceS / 2 later. */
  dropoffServiceS: number;
  /** Target click-to-door (placement to drop-off). */
  targetS: number;
  /** Click-to-door past which an order is an emergency. */
  maxS: number;
}

export const MDRP_PARAMS: DispatchParams = { pickupServiceS: 240, dropoffServiceS: 240, targetS: 2400, maxS: 5400 };

/** An order the engine may still plan: placed, not picked up. */
export interface OpenOrder {
  id: string;
  /** The pickup (restaurant or branch). Orders bundle only with orders of the same pickup id. */
  pickup: Place;
  dropoff: Place;
  placedAt: number;
  /** When the food is (expected to be) ready: the kitchen's signal, the vendor's time, or an estimate. */
  readyAt: number;
  /** False when `readyAt` is only an estimate. */
  readyKnown: boolean;
  /**
   * With an estimate only: the earliest the food is plausibly ready (a low quantile of the
   * kitchen's preparation times). The engine plans with it while couriers are plentiful (a
   * courier who waits costs little) and with `readyAt` when they are scarce.
   */
  readyEarliestAt?: number;
}

/** A courier on shift (or starting soon) as the engine sees it. */
export interface Courier {
  id: string;
  /** When the courier has finished everything it carries or is committed to (≥ now when busy). */
  freeAt: number;
  /** Where it is at `freeAt`. */
  freePlace: Place;
  /** No pickup after this moment (drop-offs after it are allowed). */
  shiftEnd: number;
  /**
   * A commitment not yet final: the courier is heading to (or waiting at) `pickup` for
   * `orderIds`, which are still open orders. The engine may keep it, extend it with more orders
   * of the same pickup, or (when `canRelease`) give the orders to another courier.
   */
  heading?: { pickup: Place; orderIds: string[]; arriveAt: number };
}

export interface RoundInput {
  now: number;
  orders: readonly OpenOrder[];
  couriers: readonly Courier[];
  travel: TravelTime;
  params: DispatchParams;
  /**
   * Where orders have been appearing (pickups with their recent order counts): couriers with
   * nothing to do wait near them. Omit to leave idle couriers where they are.
   */
  hotspots?: readonly { place: Place; weight: number }[];
  /** Tuning; every field has a default (see `plan-round.ts`). */
  options?: Partial<EngineOptions>;
}

export interface EngineOptions {
  /** How far ahead of its ready time an order is planned (the rolling horizon). */
  horizonS: number;
  /** Seconds until the next round: a courier who must leave before then is sent now. */
  roundS: number;
  /** Largest bundle. */
  maxBundle: number;
  /** Couriers considered per bundle (nearest by arrival), to keep a round fast on big cities. */
  candidatesPerBundle: number;
}

/**
 * One decision of a round: `courierId` takes `orderIds` (delivered in that order) from `pickup`.
 * - `final`: the bundle is closed; the courier goes now (or as soon as it is free) and picks up on arrival.
 * - `commit`: the courier heads to the pickup now and waits there for the food; the bundle stays
 *   open until pickup and a later round may extend it (it comes back as `Courier.heading`).
 * The times are the engine's plan under the travel times and ready times it was given.
 */
export interface Decision {
  courierId: string;
  pickup: Place;
  orderIds: string[];
  kind: 'final' | 'commit';
  /** When the courier leaves for the pickup (≥ now, ≥ its freeAt). */
  departAt: number;
  arriveAt: number;
  pickupAt: number;
  /** Planned drop-off time per order, in `orderIds` order. */
  dropoffAt: number[];
}

/** An idle courier sent to wait near a pickup where orders appear (it leaves now). */
export interface Reposition {
  courierId: string;
  to: Place;
}

export interface RoundResult {
  decisions: Decision[];
  repositions: Reposition[];
  /** Open orders left for a later round. */
  deferred: string[];
}
