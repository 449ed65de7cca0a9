import { db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { DomainError } from '@/lib/errors/domain-error';
import { applyChange, TX_OPTIONS, type Actor, type LockedDispatch } from '@/lib/dispatches/apply-change';
import type { EventType } from '@/lib/dispatches/events';
import type { Address, StatusEntry } from '@/lib/dispatches/schemas';
import { canRecordStatus, isLifecycleStatus, nextStopOf, ON_DUTY_STATES } from '@/lib/transitions/statuses';
import type { DriverLocationBody, DriverPosition } from '@/lib/drivers/schemas';
import { greatCircleKm, straightLineEstimator, type RouteEstimator } from '@/lib/estimates/route-estimator';
import type { Prisma } from '@/prisma/generated/client';

const MARKER_AT = { pickup: 'near_pickup', destination: 'near_destination' } as const;

/** A position from the phone may be this far ahead of the server's clock (clock drift). */
export const POSITION_FUTURE_SKEW_MS = 60_000;

interface OnDutyDispatch extends LockedDispatch {
  pickup: Address;
  destination: Address;
  etaMinutes: number | null;
  etaStop: string | null;
}

interface Point {
  lat: number;
  lng: number;
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
  return db().$transaction(async (tx) => {
    const now = new Date();
    const updated = await tx.$executeRaw`
      UPDATE drivers SET last_lat = ${position.lat}, last_lng = ${position.lng}, last_position_at = ${now}
      WHERE id = ${driverId}`;
    if (updated === 0) throw new DomainError('not_found', `No driver with id "${driverId}"`);
    const dispatches = await lockOnDutyDispatches(tx, driverId);
    const effects = await applyPosition(tx, { driverId, position, at: now, dispatches, estimator });
    return { driver_id: driverId, lat: position.lat, lng: position.lng, recorded_at: now.toISOString(), dispatches: effects };
  }, TX_OPTIONS);
}

/**
 * A batch of the driver app's positions (queued while offline, oldest first), in one
 * transaction: the driver row is locked once, their on-duty dispatches once, and each position is
 * applied in time order exactly as recordDriverPosition applies one (geofences once per
 * dispatch, ETA announcements by the same threshold), each at its own `at`. Positions not newer
 * than the driver's last one are skipped (a replay, or an old queue sent after a newer
 * position); one more than POSITION_FUTURE_SKEW_MS ahead of now is refused (400) and nothing is
 * written. Answers how many were recorded.
 */
export async function recordDriverPositions(options: {
  driverId: string;
  positions: (Point & { at: Date })[];
  estimator?: RouteEstimator;
  now?: Date;
}): Promise<{ recorded: number }> {
  const { driverId, estimator = straightLineEstimator } = options;
  const now = options.now ?? new Date();
  const future = options.positions.findIndex((position) => position.at.getTime() > now.getTime() + POSITION_FUTURE_SKEW_MS);
  if (future !== -1) throw new DomainError('invalid_request', `positions.${future}.at: must not be in the future`);
  const ordered = [...options.positions].sort((a, b) => a.at.getTime() - b.at.getTime());
  return db().$transaction(async (tx) => {
    const [driver] = await tx.$queryRaw<{ lastPositionAt: Date | null }[]>`
      SELECT last_position_at AS "lastPositionAt" FROM drivers WHERE id = ${driverId} FOR UPDATE`;
    if (!driver) throw new DomainError('not_found', `No driver with id "${driverId}"`);
    let last = driver.lastPositionAt?.getTime() ?? -Infinity;
    const fresh = ordered.filter((position) => {
      const isNewer = position.at.getTime() > last;
      if (isNewer) last = position.at.getTime();
      return isNewer;
    });
    const latest = fresh.at(-1);
    if (!latest) return { recorded: 0 };
    await tx.$executeRaw`
      UPDATE drivers SET last_lat = ${latest.lat}, last_lng = ${latest.lng}, last_position_at = ${latest.at}
      WHERE id = ${driverId}`;
    const dispatches = await lockOnDutyDispatches(tx, driverId);
    for (const position of fresh) {
      await applyPosition(tx, { driverId, position: { lat: position.lat, lng: position.lng }, at: position.at, dispatches, estimator });
    }
    return { recorded: fresh.length };
  }, TX_OPTIONS);
}

/** The driver's on-duty dispatches, locked in id order like every other writer that locks more than one. */
function lockOnDutyDispatches(tx: Prisma.TransactionClient, driverId: string): Promise<OnDutyDispatch[]> {
  return tx.$queryRaw<OnDutyDispatch[]>`
    SELECT id, account_id AS "accountId", state, assigned_driver_id AS "assignedDriverId",
           status_history AS "statusHistory", ready_at AS "readyAt", ready_by AS "readyBy", pickup, destination,
           eta_minutes AS "etaMinutes", eta_stop AS "etaStop"
    FROM dispatches
    WHERE assigned_driver_id = ${driverId} AND state = ANY(${ON_DUTY_STATES as string[]})
    ORDER BY id FOR UPDATE`;
}

/**
 * One position's effect on the locked dispatches. `dispatches` is kept current as changes are
 * written (history, ETA), so the next position of a batch sees what this one did.
 */
async function applyPosition(
  tx: Prisma.TransactionClient,
  options: { driverId: string; position: Point; at: Date; dispatches: OnDutyDispatch[]; estimator: RouteEstimator },
): Promise<DriverPosition['dispatches']> {
  const { position, at, estimator } = options;
  const { GEOFENCE_RADIUS_M, ETA_UPDATE_THRESHOLD_MIN } = getEnv();
  const actor: Actor = { refType: 'driver', refId: options.driverId };
  const effects: DriverPosition['dispatches'] = [];
  for (const dispatch of options.dispatches) {
    if (!isLifecycleStatus(dispatch.state)) continue;
    const stop = nextStopOf(dispatch.state);
    const target = dispatch[stop];
    const distanceM = greatCircleKm(position, target) * 1000;
    const marker = MARKER_AT[stop];
    const isNear =
      distanceM <= GEOFENCE_RADIUS_M && canRecordStatus(dispatch.state, marker) && !dispatch.statusHistory.some((entry) => entry.status === marker);
    const etaMinutes = Math.ceil((await estimator.leg(position, target)).durationMin);
    const isEtaNews =
      dispatch.etaMinutes === null || dispatch.etaStop !== stop || Math.abs(etaMinutes - dispatch.etaMinutes) > ETA_UPDATE_THRESHOLD_MIN;
    const events: EventType[] = [...(isNear ? (['dispatch.status_updated'] as const) : []), ...(isEtaNews ? (['dispatch.eta_updated'] as const) : [])];
    if (events.length > 0) {
      const record = await applyChange(tx, dispatch, {
        data: isEtaNews ? { etaMinutes, etaStop: stop, etaUpdatedAt: at } : {},
        actor,
        status: isNear ? marker : undefined,
        events,
      });
      dispatch.statusHistory = record.status as StatusEntry[];
      if (isEtaNews) Object.assign(dispatch, { etaMinutes, etaStop: stop });
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
  return effects;
}
