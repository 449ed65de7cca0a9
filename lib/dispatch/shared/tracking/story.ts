import { greatCircleKm, type LatLng } from '@/lib/pricing/shared/estimates/route-estimator';

// The one story the customer's tracking page tells: its headline, the arrival line under it and
// what the map shows all come from here, from the status AND the driver's position together, so
// they can never contradict one another ("Almost there" beside "about 3 min" with the driver at
// the door; "Driver at the restaurant" beside "reaches the restaurant in about 1 min"). Pure: the
// page passes the view and the time. No zod, no server code: the tracking page imports it.

/** Where the delivery is, as the customer reads it. */
export type StoryPhase = 'finding_driver' | 'to_restaurant' | 'at_restaurant' | 'to_you' | 'arriving' | 'delivered' | 'cancelled' | 'unavailable';

/**
 * The arrival line: a time of day the order is expected at the door (before pickup, when the
 * driver still has the restaurant ahead), minutes left once it is on its way (`minutes` 0: any
 * minute now), the time it was delivered, or nothing (arriving now, ended, not known yet).
 */
export type StoryEta =
  | { kind: 'clock'; at: number }
  | { kind: 'minutes'; minutes: number; at: number }
  | { kind: 'delivered'; at: number }
  | { kind: 'unknown' }
  | null;

export interface Story {
  phase: StoryPhase;
  eta: StoryEta;
  /** The status whose sentence (`detail_*`) goes with the headline. */
  detail: string;
  /** Whether the map shows the driver; `focus`: the stop the story is about (the map frames it again when it changes). */
  map: { showsDriver: boolean; focus: 'pickup' | 'destination' | 'none' };
}

export interface StoryInput {
  /** The lifecycle state (qa_qc already reads as delivered). */
  state: string;
  /** The status history, oldest first. */
  timeline: readonly { status: string; time: number }[];
  driver: { position: (LatLng & { time: number }) | null } | null;
  /** The last estimate from the driver's position: `minutes` to `stop` from `time`. */
  eta: { minutes: number; stop: 'pickup' | 'destination'; time: number } | null;
  /**
   * The dispatch's own plan, known before any driver: when a driver is expected at the pickup,
   * the minutes from the pickup to the customer, and the least time a driver not yet found needs
   * to reach the pickup.
   */
  plan: { pickupAt: number; travelMinutes: number; approachMinutes: number } | null;
  pickup: LatLng;
  destination: LatLng;
  /** The radius within which the driver counts as at a stop (GEOFENCE_RADIUS_M). */
  geofenceM: number;
  now: number;
}

const MINUTE_MS = 60_000;
const BEFORE_DRIVER = ['new', 'dispatch_accepted'];
const BEFORE_PICKUP = ['assigned', 'accepted', 'ready_for_pickup'];

const isWithin = (position: LatLng | null | undefined, stop: LatLng, radiusM: number) => !!position && greatCircleKm(position, stop) * 1000 <= radiusM;

/** The statuses recorded since the last (re)assignment: a marker of an earlier driver says nothing of this one. */
function sinceAssignment(timeline: StoryInput['timeline']): string[] {
  const statuses = timeline.map((entry) => entry.status);
  const last = statuses.lastIndexOf('assigned');
  return last === -1 ? statuses : statuses.slice(last);
}

/** The story of one moment of a delivery. */
export function storyOf(input: StoryInput): Story {
  const { state, timeline, driver, eta, plan, now } = input;
  const position = driver?.position ?? null;
  const noMap = { showsDriver: false, focus: 'none' } as const;

  if (state === 'delivered' || state === 'qa_qc') {
    const deliveredAt = [...timeline].reverse().find((entry) => entry.status === 'delivered')?.time;
    return { phase: 'delivered', eta: deliveredAt === undefined ? null : { kind: 'delivered', at: deliveredAt }, detail: 'delivered', map: noMap };
  }
  if (state === 'cancelled') return { phase: 'cancelled', eta: null, detail: 'cancelled', map: noMap };
  if (state === 'dispatch_rejected') return { phase: 'unavailable', eta: null, detail: 'dispatch_rejected', map: noMap };

  // The order at the door: the driver's pickup plus the ride, or a plan from the dispatch itself.
  const arrivalFrom = (pickupAt: number): StoryEta => (plan ? { kind: 'clock', at: Math.max(pickupAt, now) + plan.travelMinutes * MINUTE_MS } : { kind: 'unknown' });

  if (BEFORE_DRIVER.includes(state) || (BEFORE_PICKUP.includes(state) && !driver)) {
    // A driver yet to be found cannot be at the restaurant sooner than the approach takes.
    const eta = plan ? arrivalFrom(Math.max(plan.pickupAt, now + plan.approachMinutes * MINUTE_MS)) : { kind: 'unknown' as const };
    return { phase: 'finding_driver', eta, detail: state === 'dispatch_accepted' ? 'dispatch_accepted' : 'new', map: { showsDriver: false, focus: 'pickup' } };
  }

  if (BEFORE_PICKUP.includes(state)) {
    const reached = sinceAssignment(timeline).includes('near_pickup');
    const isInside = isWithin(position, input.pickup, input.geofenceM);
    // "Ready" is the restaurant's word about the food; it puts the driver there only when no
    // position of theirs says otherwise.
    const isAtRestaurant = reached || isInside || (state === 'ready_for_pickup' && !position);
    const map = { showsDriver: true, focus: 'pickup' } as const;
    if (isAtRestaurant) {
      return { phase: 'at_restaurant', eta: arrivalFrom(now), detail: state === 'ready_for_pickup' ? 'ready_for_pickup' : 'near_pickup', map };
    }
    const driverAtPickup = eta?.stop === 'pickup' ? eta.time + eta.minutes * MINUTE_MS : (plan?.pickupAt ?? now);
    return { phase: 'to_restaurant', eta: arrivalFrom(driverAtPickup), detail: state === 'assigned' ? 'assigned' : state, map };
  }

  // Picked up: on the way to the customer.
  const map = { showsDriver: true, focus: 'destination' } as const;
  const pickedUp = [...timeline].reverse().find((entry) => entry.status === 'picked_up');
  const statusesSincePickup = pickedUp ? timeline.slice(timeline.lastIndexOf(pickedUp)).map((entry) => entry.status) : [];
  if (statusesSincePickup.includes('near_destination') || isWithin(position, input.destination, input.geofenceM)) {
    return { phase: 'arriving', eta: null, detail: 'near_destination', map };
  }
  let at: number | null = null;
  if (eta?.stop === 'destination') at = eta.time + eta.minutes * MINUTE_MS;
  else if (plan) at = (pickedUp?.time ?? now) + plan.travelMinutes * MINUTE_MS;
  if (at === null) return { phase: 'to_you', eta: { kind: 'unknown' }, detail: 'picked_up', map };
  // Counted down between updates, never above the estimate as made (a phone clock behind the server's).
  const cap = eta?.stop === 'destination' ? eta.minutes : (plan?.travelMinutes ?? Infinity);
  const minutes = Math.min(cap, Math.max(0, Math.ceil((at - now) / MINUTE_MS)));
  return { phase: 'to_you', eta: { kind: 'minutes', minutes, at }, detail: 'picked_up', map };
}
