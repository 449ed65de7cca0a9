import { queryRows } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { ChangeColumns } from '@/lib/dispatch/server/apply-change';
import type { EventType } from '@/lib/dispatch/shared/events';
import type { Address, StatusEntry } from '@/lib/dispatch/shared/schemas';
import { newId } from '@/lib/platform/server/ids/new-id';
import { canRecordStatus, isLifecycleStatus, nextStopOf, ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';
import type { DriverLocationBody, DriverPosition } from '@/lib/fleet/shared/drivers/schemas';
import { greatCircleKm, straightLineEstimator, type RouteEstimator } from '@/lib/pricing/shared/estimates/route-estimator';
import { Prisma } from '@/prisma/generated/client';

const MARKER_AT = { pickup: 'near_pickup', destination: 'near_destination' } as const;

/** A position from the phone may be this far ahead of the server's clock (clock drift). */
export const POSITION_FUTURE_SKEW_MS = 60_000;

/** Reads before giving up when the driver's dispatches keep changing under every attempt. */
const MAX_ATTEMPTS = 5;

interface Point {
  lat: number;
  lng: number;
  /** How precise the fix is (metres), when the phone said. */
  accuracyM?: number;
}

type TimedPoint = Point & { at: Date };

/** One of the driver's on-duty dispatches as the snapshot read it, with its row version. */
interface OnDutyDispatch {
  id: string;
  state: string;
  /** The statuses its history holds, with the entries this batch's positions add. */
  statuses: string[];
  pickup: Address;
  destination: Address;
  etaMinutes: number | null;
  etaStop: string | null;
  version: string;
}

/**
 * What a position changes on one dispatch: the row of `changes` that driver_positions_apply hands
 * to the one writer of changes, dispatch_change_apply (lib/dispatch/server/sql), with the driver as the actor.
 */
interface DispatchChange {
  id: string;
  /** The new ETA; none when it is unchanged. */
  columns: Pick<ChangeColumns, 'eta_minutes' | 'eta_stop' | 'eta_updated_at'>;
  changed_at: string;
  /** The geofence entry to append to the history, if any. */
  status: string | null;
  event_ids: string[];
  event_types: EventType[];
}

/**
 * Stores a driver's position (the operator API's and the sandbox simulator's, at the server's
 * time) and applies it to each dispatch they are on; answers what it did on each:
 * - entering GEOFENCE_RADIUS_M of the next stop appends `near_pickup` (before pickup) or
 *   `near_destination` (after) once per dispatch;
 * - when the ETA to that stop moves by more than ETA_UPDATE_THRESHOLD_MIN (or is the first since
 *   the assignment), it is stored and announced as `dispatch.eta_updated`.
 * Unknown driver: 404. How it is written: `recordPositions`.
 */
export async function recordDriverPosition(
  options: { driverId: string; estimator?: RouteEstimator } & DriverLocationBody,
): Promise<DriverPosition> {
  const { driverId, estimator = straightLineEstimator } = options;
  const at = new Date();
  const position = { lat: options.lat, lng: options.lng, at };
  const { effects } = await recordPositions({ driverId, positions: [position], estimator, onlyIfNewer: false });
  return { driver_id: driverId, lat: position.lat, lng: position.lng, recorded_at: at.toISOString(), dispatches: effects[0] ?? [] };
}

/**
 * A batch of the driver app's positions (queued while offline, oldest first), applied in time
 * order exactly as recordDriverPosition applies one (geofences once per dispatch, ETA
 * announcements by the same threshold), each at its own `at`, all in one statement. Positions not
 * newer than the driver's last one are skipped (a replay, or an old queue sent after a newer
 * position); one more than POSITION_FUTURE_SKEW_MS ahead of now is refused (400) and nothing is
 * written. Answers how many were recorded.
 */
export async function recordDriverPositions(options: {
  driverId: string;
  positions: TimedPoint[];
  estimator?: RouteEstimator;
  now?: Date;
}): Promise<{ recorded: number }> {
  const { driverId, estimator = straightLineEstimator } = options;
  const now = options.now ?? new Date();
  const future = options.positions.findIndex((position) => position.at.getTime() > now.getTime() + POSITION_FUTURE_SKEW_MS);
  if (future !== -1) throw new DomainError('invalid_request', `positions.${future}.at: must not be in the future`);
  const ordered = [...options.positions].sort((a, b) => a.at.getTime() - b.at.getTime());
  const { effects } = await recordPositions({ driverId, positions: ordered, estimator, onlyIfNewer: true });
  return { recorded: effects.length };
}

/**
 * Positions arrive by the hundred a second, and most change nothing but the driver's own, so
 * they are written without a transaction held across round trips: read the driver and their
 * on-duty dispatches with each row's version (`xmin`), decide in `planPositions` what the
 * positions do, and write it all in one statement, `driver_positions_apply` (lib/fleet/server/sql), which
 * writes only if those rows are still the versions read and otherwise answers false. Then the
 * positions are read and decided again: a status change, a new assignment or another batch of the
 * same driver got in between, and what the positions do may have changed with it. Each
 * geofence entry is therefore recorded once however positions race, as under row locks, for two
 * round trips instead of a transaction's seven (bench/results/drivers.md). The same statement
 * writes the driver's trail while they are on a job (lib/fleet/trail.ts).
 * With `onlyIfNewer`, positions not newer than the driver's last one are skipped. Answers the
 * effects of each recorded position, in order.
 */
async function recordPositions(options: {
  driverId: string;
  positions: TimedPoint[];
  estimator: RouteEstimator;
  onlyIfNewer: boolean;
}): Promise<{ effects: DriverPosition['dispatches'][] }> {
  const { driverId, estimator, onlyIfNewer } = options;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { lastPositionAt, dispatches } = await readOnDuty(driverId);
    const positions = onlyIfNewer ? newerThan(options.positions, lastPositionAt) : options.positions;
    if (positions.length === 0) return { effects: [] };
    const versions = dispatches.map((dispatch) => `${dispatch.id}:${dispatch.version}`).join(',');
    const { effects, changes } = await planPositions({ positions, dispatches, estimator, now: new Date() });
    // Every position goes along, not just the latest: while the driver is on a job, each is a point of the trail.
    const [row] = await queryRows<{ applied: boolean }>(
      Prisma.sql`
        SELECT driver_positions_apply(${driverId}, ${versions}, ${ON_DUTY_STATES as string[]}::text[],
                                      ${positions.map((position) => position.lat)}::float8[], ${positions.map((position) => position.lng)}::float8[],
                                      ${positions.map((position) => position.at.toISOString())}::timestamptz[], ${onlyIfNewer},
                                      ${JSON.stringify(changes)}::json, ${driverId}) AS applied`,
      { prepared: true },
    );
    if (row?.applied) return { effects };
  }
  throw new DomainError('service_unavailable', "The driver's dispatches kept changing while the position was recorded; send it again", {
    retryAfterSeconds: 1,
  });
}

/** The driver's last position time and on-duty dispatches, in id order; 404 for an unknown driver. */
async function readOnDuty(driverId: string): Promise<{ lastPositionAt: Date | null; dispatches: OnDutyDispatch[] }> {
  type Row = Omit<OnDutyDispatch, 'statuses'> & { statusHistory: StatusEntry[] };
  const rows = await queryRows<{ lastPositionAt: Date | null } & { [K in keyof Row]: Row[K] | null }>(
    Prisma.sql`
      SELECT dr.last_position_at AS "lastPositionAt", d.id, d.state, d.status_history AS "statusHistory", d.pickup,
             d.destination, d.eta_minutes AS "etaMinutes", d.eta_stop AS "etaStop", d.xmin::text AS version
      FROM drivers dr
      LEFT JOIN dispatches d ON d.assigned_driver_id = dr.id AND d.state = ANY(${ON_DUTY_STATES as string[]}::text[])
      WHERE dr.id = ${driverId}
      ORDER BY d.id`,
    { prepared: true },
  );
  if (rows.length === 0) throw new DomainError('not_found', `No driver with id "${driverId}"`);
  const dispatches = (rows.filter((row) => row.id !== null) as Row[]).map(({ statusHistory, ...dispatch }) => ({
    ...dispatch,
    statuses: statusHistory.map((entry) => entry.status),
  }));
  return { lastPositionAt: rows[0]!.lastPositionAt, dispatches };
}

/** The positions newer than `lastPositionAt`, oldest first, each newer than the one before. */
function newerThan(ordered: TimedPoint[], lastPositionAt: Date | null): TimedPoint[] {
  let last = lastPositionAt?.getTime() ?? -Infinity;
  return ordered.filter((position) => {
    const isNewer = position.at.getTime() > last;
    if (isNewer) last = position.at.getTime();
    return isNewer;
  });
}

/**
 * What each position does to each dispatch, in order: the effects answered for it, and the
 * changes to write. `dispatches` is kept current as changes are planned (history, ETA), so the
 * next position of a batch sees what this one did. A change's time (its entry's, its
 * modification's) is `now`; the ETA's time is the position's own.
 */
async function planPositions(options: {
  positions: TimedPoint[];
  dispatches: OnDutyDispatch[];
  estimator: RouteEstimator;
  now: Date;
}): Promise<{ effects: DriverPosition['dispatches'][]; changes: DispatchChange[] }> {
  const { positions, dispatches, estimator, now } = options;
  const effects: DriverPosition['dispatches'][] = [];
  const changes: DispatchChange[] = [];
  for (const position of positions) {
    const effectsOfPosition: DriverPosition['dispatches'] = [];
    for (const dispatch of dispatches) {
      const effect = await positionEffect(dispatch, position, estimator);
      if (!effect) continue;
      const { stop, marker, isNear, etaMinutes, isEtaNews } = effect;
      const events: EventType[] = [...(isNear ? (['dispatch.status_updated'] as const) : []), ...(isEtaNews ? (['dispatch.eta_updated'] as const) : [])];
      if (events.length > 0) {
        if (isNear) dispatch.statuses = [...dispatch.statuses, marker];
        if (isEtaNews) Object.assign(dispatch, { etaMinutes, etaStop: stop });
        changes.push({
          id: dispatch.id,
          columns: isEtaNews ? { eta_minutes: etaMinutes, eta_stop: stop, eta_updated_at: position.at } : {},
          changed_at: now.toISOString(),
          status: isNear ? marker : null,
          event_ids: events.map(() => newId('evt')),
          event_types: events,
        });
      }
      effectsOfPosition.push({
        dispatch_id: dispatch.id,
        state: dispatch.state,
        stop,
        distance_m: Math.round(effect.distanceM),
        eta_minutes: etaMinutes,
        recorded: isNear ? [marker] : [],
        eta_announced: isEtaNews,
      });
    }
    effects.push(effectsOfPosition);
  }
  return { effects, changes };
}

/**
 * What one position means for one dispatch: how far its next stop is, whether the driver has
 * just entered that stop's geofence (a marker not yet in the history, from a fix at least as
 * precise as the geofence: a cell-tower fix of a kilometre says nothing about the door), and
 * whether the ETA has moved enough to announce. Null for a dispatch outside the delivery lifecycle.
 */
async function positionEffect(dispatch: OnDutyDispatch, position: Point, estimator: RouteEstimator) {
  if (!isLifecycleStatus(dispatch.state)) return null;
  const { GEOFENCE_RADIUS_M, ETA_UPDATE_THRESHOLD_MIN } = getEnv();
  const stop = nextStopOf(dispatch.state);
  const target = dispatch[stop];
  const distanceM = greatCircleKm(position, target) * 1000;
  const marker = MARKER_AT[stop];
  const isPreciseEnough = position.accuracyM === undefined || position.accuracyM <= GEOFENCE_RADIUS_M;
  const isNear =
    distanceM <= GEOFENCE_RADIUS_M &&
    isPreciseEnough &&
    canRecordStatus(dispatch.state, marker) &&
    !dispatch.statuses.includes(marker);
  const etaMinutes = Math.ceil((await estimator.leg(position, target)).durationMin);
  const isEtaNews =
    dispatch.etaMinutes === null || dispatch.etaStop !== stop || Math.abs(etaMinutes - dispatch.etaMinutes) > ETA_UPDATE_THRESHOLD_MIN;
  return { stop, distanceM, marker, isNear, etaMinutes, isEtaNews };
}
