import { z } from 'zod';
import {
  isLifecycleStatus,
  LIFECYCLE_STATUSES,
  MARKER_STATUSES,
  type LifecycleStatus,
  type MarkerStatus,
} from '@/lib/transitions/lifecycle-statuses';

// The lifecycle, in one place. Every surface (vendor API, ops API, pages, workers) asks here.

// The names themselves live in a zod-free module the browser can import; the rules are here.
export { LIFECYCLE_STATUSES, MARKER_STATUSES, isLifecycleStatus, type LifecycleStatus, type MarkerStatus };

export const STATUSES = [...LIFECYCLE_STATUSES, ...MARKER_STATUSES] as const;

export type Status = (typeof STATUSES)[number];

export const StatusSchema = z.enum(STATUSES).meta({ id: 'Status' });
export const LifecycleStatusSchema = z.enum(LIFECYCLE_STATUSES);

export const REF_TYPES = ['driver', 'vendor', 'admin', 'system'] as const;
export type RefType = (typeof REF_TYPES)[number];
export const RefTypeSchema = z.enum(REF_TYPES).meta({
  id: 'RefType',
  description: 'Who made the change: `driver`, `vendor`, `admin` or `system`; `ref_id` names them.',
});

/**
 * Which lifecycle states each state may move to. `assigned → assigned` is a reassignment.
 * `picked_up → cancelled` is a failed delivery only (FAILED_DELIVERY_STATES): the order itself
 * can no longer be cancelled once the driver has it (lib/dispatches/cancel-dispatch.ts).
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

/** Where an on-duty driver is heading: the pickup until picked up, then the destination. */
export function nextStopOf(state: LifecycleStatus): 'pickup' | 'destination' {
  return state === 'picked_up' ? 'destination' : 'pickup';
}

/**
 * States from which `cancelled` is a failed delivery, not an order cancellation: the driver has
 * the food and could not hand it over (why: lib/driver-jobs/failure-reasons.ts). Vendors and
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

export function isMarkerStatus(status: string): status is MarkerStatus {
  return (MARKER_STATUSES as readonly string[]).includes(status);
}

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
