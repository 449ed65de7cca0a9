import { db } from '@/lib/platform/server/db/client';
import type { Prisma } from '@/prisma/generated/client';
import type { StatusEntry } from '@/lib/dispatch/shared/schemas';
import { isLifecycleStatus, ON_DUTY_STATES, type LifecycleStatus } from '@/lib/dispatch/shared/transitions/statuses';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { getEnv } from '@/lib/platform/server/env';
import { COURIER_APPROACH_MIN } from '@/lib/pricing/server/estimates/estimate-delivery';
import { AVERAGE_SPEED_KMH, greatCircleKm, ROAD_FACTOR } from '@/lib/pricing/shared/estimates/route-estimator';
import { TRACKING_TOKEN_PATTERN, TrackingViewSchema, type TrackingView } from '@/lib/dispatch/server/tracking/schemas';

const FINISHED: readonly LifecycleStatus[] = ['delivered', 'qa_qc', 'cancelled', 'dispatch_rejected'];
/** The platform's own review after delivery; the customer's order simply reads as delivered. */
const INTERNAL_STATUSES: readonly string[] = ['qa_qc'];

// Only what the page may show is read: no user_metadata, address lines, vendor payload, ids of
// actors, phone numbers. The schema's parse below is the second fence.
const TRACKING_SELECT = {
  state: true,
  statusHistory: true,
  pickup: true,
  destination: true,
  vendorName: true,
  etaMinutes: true,
  etaStop: true,
  etaUpdatedAt: true,
  // Times only, for the plan the page shows before a driver reports a position.
  createdAt: true,
  pickupReadyAt: true,
  expectedPickupAt: true,
  assignedDriver: { select: { name: true, lastLat: true, lastLng: true, lastPositionAt: true } },
  // The customer's own delivery PIN, shown while the account requires one (accounts.proof_of_delivery).
  deliveryPin: true,
  account: { select: { proofOfDelivery: true } },
} satisfies Prisma.DispatchSelect;

type TrackedDispatch = Prisma.DispatchGetPayload<{ select: typeof TRACKING_SELECT }>;

/**
 * What the end customer may see of a dispatch, found by its tracking token: the token is the
 * only credential (143 random bits), so there is no account in the lookup. An unknown or
 * malformed token is a 404 that says nothing about the token or whether anything exists.
 */
export async function getTrackingView(options: { token: string }): Promise<TrackingView> {
  // A malformed token cannot exist: answered without a query.
  const dispatch = TRACKING_TOKEN_PATTERN.test(options.token)
    ? await db().dispatch.findUnique({ where: { trackingToken: options.token }, select: TRACKING_SELECT })
    : null;
  if (!dispatch) throw new DomainError('not_found', 'There is no tracking page at this address');
  return TrackingViewSchema.parse(toView(dispatch));
}

function toView(dispatch: TrackedDispatch): TrackingView {
  const state: LifecycleStatus = dispatch.state === 'qa_qc' || !isLifecycleStatus(dispatch.state) ? 'delivered' : dispatch.state;
  // Under way (a driver on the job): their first name, position and the ETA are shown.
  const isUnderWay = ON_DUTY_STATES.includes(state);
  const driver = isUnderWay ? dispatch.assignedDriver : null;
  const history = dispatch.statusHistory as unknown as StatusEntry[];
  const isFinished = FINISHED.includes(state);
  return {
    restaurant_name: dispatch.vendorName as Record<string, string>,
    state,
    is_finished: isFinished,
    timeline: history
      .filter((entry) => !INTERNAL_STATUSES.includes(entry.status))
      .map((entry) => ({ status: entry.status, time: entry.status_captured_time })),
    pickup: point(dispatch.pickup),
    destination: point(dispatch.destination),
    driver: driver
      ? {
          first_name: firstName(driver.name),
          position:
            driver.lastLat !== null && driver.lastLng !== null && driver.lastPositionAt !== null
              ? { lat: driver.lastLat, lng: driver.lastLng, time: formatTimestamp(driver.lastPositionAt) }
              : null,
        }
      : null,
    eta: isUnderWay ? eta(dispatch, state) : null,
    plan: plan(dispatch),
    geofence_m: getEnv().GEOFENCE_RADIUS_M,
    // The customer gives it to the driver at the door (lib/fleet/server/internal/jobs/deliver-job.ts checks it).
    delivery_pin: dispatch.account.proofOfDelivery === 'pin' && !isFinished ? dispatch.deliveryPin : null,
  };
}

function eta(dispatch: TrackedDispatch, state: LifecycleStatus): TrackingView['eta'] {
  const { etaMinutes: minutes, etaStop: stop, etaUpdatedAt: time } = dispatch;
  if (minutes === null || time === null || (stop !== 'pickup' && stop !== 'destination')) return null;
  // An estimate to the restaurant says nothing once the order is on its way to the customer.
  if (stop === 'pickup' && state === 'picked_up') return null;
  return { minutes, stop, time: formatTimestamp(time) };
}

/**
 * The dispatch's own estimate, as lib/pricing/server/estimates/estimate-delivery.ts makes a quote's: the ride by
 * the straight-line estimator, and a driver at the pickup when the engine planned one, else when
 * the food is ready, and never sooner than a courier's approach after the order was placed.
 */
function plan(dispatch: TrackedDispatch): TrackingView['plan'] {
  const km = greatCircleKm(point(dispatch.pickup), point(dispatch.destination)) * ROAD_FACTOR;
  const travelMinutes = Math.max(1, Math.ceil((km / AVERAGE_SPEED_KMH) * 60));
  const earliest = dispatch.createdAt.getTime() + COURIER_APPROACH_MIN * 60_000;
  const pickupAt = dispatch.expectedPickupAt?.getTime() ?? Math.max(earliest, dispatch.pickupReadyAt?.getTime() ?? 0);
  return { pickup_at: formatTimestamp(new Date(pickupAt)), travel_minutes: travelMinutes, approach_minutes: COURIER_APPROACH_MIN };
}

/** The coordinates of a stored address, without its address line or reference. */
function point(address: Prisma.JsonValue): { lat: number; lng: number } {
  const { lat, lng } = address as { lat: number; lng: number };
  return { lat, lng };
}

/** The first word of the driver's name: the customer greets them, they need not know more. */
function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? '';
}
