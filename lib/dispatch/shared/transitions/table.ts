// The lifecycle, in one place: the status names, which status may follow which, and the pure
// questions asked of them. No zod and no server code: the browser imports this module as it is
// (the dispatch list's filter and badges, the console's actions, the driver app's buttons), and
// pulling zod into the driver app would cost ~60 KB of first-load script against its 150 KB
// budget (CONTRIBUTING.md). `table.test.ts` fails when an import here brings either along.
// `lib/dispatch/shared/transitions/statuses.ts` re-exports all of it beside the zod schemas the API validates with.

export const LIFECYCLE_STATUSES = [
  'new',
  'dispatch_accepted',
  'dispatch_rejected',
  'assigned',
  'accepted',
  'ready_for_pickup',
  'picked_up',
  'delivered',
  'qa_qc',
  'cancelled',
] as const;

/** Appended to the history without changing the lifecycle state. */
export const MARKER_STATUSES = ['near_pickup', 'near_destination'] as const;

export const STATUSES = [...LIFECYCLE_STATUSES, ...MARKER_STATUSES] as const;

export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
export type MarkerStatus = (typeof MARKER_STATUSES)[number];
export type Status = (typeof STATUSES)[number];

export function isLifecycleStatus(status: string): status is LifecycleStatus {
  return (LIFECYCLE_STATUSES as readonly string[]).includes(status);
}

export function isMarkerStatus(status: string): status is MarkerStatus {
  return (MARKER_STATUSES as readonly string[]).includes(status);
}

/**
 * Which lifecycle states each state may move to. `assigned → assigned` is a reassignment.
 * `picked_up → cancelled` is a failed delivery only (FAILED_DELIVERY_STATES): the order itself
 * can no longer be cancelled once the driver has it (lib/dispatch/server/cancel-dispatch.ts).
 */
export const TRANSITIONS: Readonly<Record<LifecycleStatus, readonly LifecycleStatus[]>> = {
  new: ['dispatch_accepted', 'dispatch_rejected', 'assigned', 'cancelled'],
  dispatch_accepted: ['assigned', 'cancelled'],
  dispatch_rejected: [],
  assigned: ['accepted', 'assigned', 'cancelled'],
  accepted: ['ready_for_pickup', 'picked_up', 'cancelled'],
  ready_for_pickup: ['picked_up', 'cancelled'],
  picked_up: ['delivered', 'cancelled'],
  delivered: ['qa_qc'],
  qa_qc: [],
  cancelled: [],
};

/** The lifecycle states during which each marker status may be recorded. */
export const MARKER_ALLOWED_IN: Readonly<Record<MarkerStatus, readonly LifecycleStatus[]>> = {
  near_pickup: ['assigned', 'accepted', 'ready_for_pickup'],
  near_destination: ['picked_up'],
};

/** States in which a driver is on the dispatch: their positions move its ETA and its geofences. */
export const ON_DUTY_STATES: readonly LifecycleStatus[] = ['assigned', 'accepted', 'ready_for_pickup', 'picked_up'];

/** Whether a dispatch in `state` (any string: the driver app's states come from the network and the outbox) has its driver on it. */
export function isOnDuty(state: string): boolean {
  return isLifecycleStatus(state) && ON_DUTY_STATES.includes(state);
}

/** Where an on-duty driver is heading: the pickup until picked up, then the destination. */
export function nextStopOf(state: LifecycleStatus): 'pickup' | 'destination' {
  return state === 'picked_up' ? 'destination' : 'pickup';
}

/**
 * States from which `cancelled` is a failed delivery, not an order cancellation: the driver has
 * the food and could not hand it over (why: lib/dispatch/shared/failure-reasons.ts). Vendors and
 * staff cannot cancel here; the driver records it, or an operator on their behalf.
 */
export const FAILED_DELIVERY_STATES: readonly LifecycleStatus[] = ['picked_up'];

/**
 * Whether the order may still be cancelled as an order (by its vendor or staff), and its drop-off
 * details change: the table allows `cancelled` and the driver has not picked it up yet.
 */
export function canCancelOrder(state: LifecycleStatus): boolean {
  return canRecordStatus(state, 'cancelled') && !FAILED_DELIVERY_STATES.includes(state);
}

/** The statuses a driver records from the app; the markers come from their positions, `cancelled` only as a failed delivery. */
export const DRIVER_STATUSES = ['accepted', 'picked_up', 'delivered'] as const satisfies readonly LifecycleStatus[];
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

/** The driver app's buttons: the table's next statuses from `state` that a driver records. */
export function driverNextStatuses(state: LifecycleStatus): DriverStatus[] {
  return TRANSITIONS[state].filter((to): to is DriverStatus => (DRIVER_STATUSES as readonly string[]).includes(to));
}

/** States in which the destination can no longer change. */
export const DESTINATION_LOCKED_IN: readonly LifecycleStatus[] = ['delivered', 'qa_qc', 'cancelled', 'dispatch_rejected'];

/** Whether `to` may be recorded while the dispatch is in lifecycle state `from`. */
export function canRecordStatus(from: LifecycleStatus, to: Status): boolean {
  if (isMarkerStatus(to)) return MARKER_ALLOWED_IN[to].includes(from);
  return TRANSITIONS[from].includes(to);
}

/** The statuses that may follow `from`, lifecycle moves first. */
export function nextStatuses(from: LifecycleStatus): Status[] {
  const markers = MARKER_STATUSES.filter((marker) => MARKER_ALLOWED_IN[marker].includes(from));
  return [...TRANSITIONS[from], ...markers];
}
