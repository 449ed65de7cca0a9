import { db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { DomainError } from '@/lib/errors/domain-error';
import { applyChange, TX_OPTIONS, type Actor, type LockedDispatch } from '@/lib/dispatches/apply-change';
import type { EventType } from '@/lib/dispatches/events';
import type { Address } from '@/lib/dispatches/schemas';
import { canRecordStatus, isLifecycleStatus, nextStopOf, ON_DUTY_STATES } from '@/lib/transitions/statuses';
import type { DriverLocationBody, DriverPosition } from '@/lib/drivers/schemas';
import { greatCircleKm, straightLineEstimator, type RouteEstimator } from '@/lib/estimates/route-estimator';

const MARKER_AT = { pickup: 'near_pickup', destination: 'near_destination' } as const;

interface OnDutyDispatch extends LockedDispatch {
  pickup: Address;
  destination: Address;
  etaMinutes: number | null;
  etaStop: string | null;
}

/**
 * Stores a driver's position and applies it to each dispatch they are on, in one transaction:
 * - entering GEOFENCE_RADIUS_M of the next stop appends `near_pickup` (before pickup) or
 *   `near_destination` (after) once per dispatch: the driver row lock orders a driver's
 *   positions, and the history is checked under the dispatch lock;
 * - when the ETA to that stop moves by more than ETA_UPDATE_THRESHOLD_MIN (or is the first since
 *   the assignment), it is stored and announced as `dispatch.eta_updated`.
 * Unknown driver: 404.
 */
export async function recordDriverPosition(
  options: { driverId: string; estimator?: RouteEstimator } & DriverLocationBody,
): Promise<DriverPosition> {
  const { driverId, estimator = straightLineEstimator } = options;
  const position = { lat: options.lat, lng: options.lng };
  const { GEOFENCE_RADIUS_M, ETA_UPDATE_THRESHOLD_MIN } = getEnv();
  const actor: Actor = { refType: 'driver', refId: driverId };
  return db().$transaction(async (tx) => {
    const now = new Date();
    const updated = await tx.$executeRaw`
      UPDATE drivers SET last_lat = ${position.lat}, last_lng = ${position.lng}, last_position_at = ${now}
      WHERE id = ${driverId}`;
    if (updated === 0) throw new DomainError('not_found', `No driver with id "${driverId}"`);
    // Locked in id order, like every other writer that locks more than one dispatch.
    const dispatches = await tx.$queryRaw<OnDutyDispatch[]>`
      SELECT id, account_id AS "accountId", state, assigned_driver_id AS "assignedDriverId",
             status_history AS "statusHistory", ready_at AS "readyAt", ready_by AS "readyBy", pickup, destination,
             eta_minutes AS "etaMinutes", eta_stop AS "etaStop"
      FROM dispatches
      WHERE assigned_driver_id = ${driverId} AND state = ANY(${ON_DUTY_STATES as string[]})
      ORDER BY id FOR UPDATE`;
    const effects: DriverPosition['dispatches'] = [];
    for (const dispatch of dispatches) {
      if (!isLifecycleStatus(dispatch.state)) continue;
      const stop = nextStopOf(dispatch.state);
      const target = dispatch[stop];
      const distanceM = greatCircleKm(position, target) * 1000;
      const marker = MARKER_AT[stop];
      const isNear =
        distanceM <= GEOFENCE_RADIUS_M &&
        canRecordStatus(dispatch.state, marker) &&
        !dispatch.statusHistory.some((entry) => entry.status === marker);
      const etaMinutes = Math.ceil((await estimator.leg(position, target)).durationMin);
      const isEtaNews =
        dispatch.etaMinutes === null || dispatch.etaStop !== stop || Math.abs(etaMinutes - dispatch.etaMinutes) > ETA_UPDATE_THRESHOLD_MIN;
      const events: EventType[] = [...(isNear ? (['dispatch.status_updated'] as const) : []), ...(isEtaNews ? (['dispatch.eta_updated'] as const) : [])];
      if (events.length > 0) {
        await applyChange(tx, dispatch, {
          data: isEtaNews ? { etaMinutes, etaStop: stop, etaUpdatedAt: now } : {},
          actor,
          status: isNear ? marker : undefined,
          events,
        });
      }
      effects.push({
        dispatch_id: dispatch.id,
        state: dispatch.state,
        stop,
        distance_m: Math.round(distanceM),
        eta_minutes: etaMinutes,
        recorded: isNear ? [marker] : [],
        eta_announced: isEtaNews,
      });
    }
    return { driver_id: driverId, lat: position.lat, lng: position.lng, recorded_at: now.toISOString(), dispatches: effects };
  }, TX_OPTIONS);
}
