import { db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { lockDispatch, TX_OPTIONS, type Actor } from '@/lib/dispatches/apply-change';
import { writeAssignment } from '@/lib/dispatches/assign-driver';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { platformScope } from '@/lib/tenancy/scope';
import { straightLineEstimator, type LatLng, type RouteEstimator } from '@/lib/estimates/route-estimator';
import { canRecordStatus, isLifecycleStatus, ON_DUTY_STATES } from '@/lib/transitions/statuses';

const AUTO_ASSIGN_ACTOR: Actor = { refType: 'system', refId: 'auto-assign' };
/** Candidates tried when nearer ones were taken by a concurrent assignment meanwhile. */
const MAX_CANDIDATES = 5;

/** A scheduled dispatch with no driver available looks again this much later. */
export const SCHEDULED_RETRY_MS = 30_000;

interface Plan {
  pickupReadyAt: Date | null;
  pickup: LatLng;
  assignAt: Date | null;
}

/**
 * Gives an unassigned dispatch to the nearest available driver: active, with a position no
 * older than AUTO_ASSIGN_MAX_POSITION_AGE_MIN, on no other dispatch, and (for a sandbox account)
 * one of its simulated drivers, otherwise a real one. Returns the assigned record, or null when
 * no driver is available or the dispatch cannot take an assignment now.
 *
 * A scheduled dispatch (`pickup_ready_at`) is not offered before the pickup time minus the
 * nearest driver's travel time to the pickup: until then `assign_at` is set to that moment and
 * null returned; the scheduler (scheduled-assigner.ts) calls again then, when the nearest driver
 * may be another. With no driver available it looks again after SCHEDULED_RETRY_MS.
 *
 * Two dispatches racing for one driver: the driver row is locked, then checked again for work in
 * a fresh statement (read committed), so the loser moves on to the next-nearest driver.
 */
export async function autoAssignDispatch(options: { id: string; estimator?: RouteEstimator }): Promise<DispatchRecord | null> {
  const { estimator = straightLineEstimator } = options;
  const maxAgeMin = getEnv().AUTO_ASSIGN_MAX_POSITION_AGE_MIN;
  return db().$transaction(async (tx) => {
    // A system step on the dispatch createDispatch has just written: the platform's reach.
    const current = await lockDispatch(tx, { id: options.id, scope: platformScope() });
    const [plan] = await tx.$queryRaw<Plan[]>`
      SELECT pickup_ready_at AS "pickupReadyAt", pickup, assign_at AS "assignAt" FROM dispatches WHERE id = ${current.id}`;
    const lookAgainAt = async (at: Date | null) => {
      if (at?.getTime() !== plan?.assignAt?.getTime()) await tx.$executeRaw`UPDATE dispatches SET assign_at = ${at} WHERE id = ${current.id}`;
      return null;
    };
    if (current.assignedDriverId !== null || !isLifecycleStatus(current.state) || !canRecordStatus(current.state, 'assigned')) {
      return lookAgainAt(null);
    }
    const now = Date.now();
    const tried: string[] = [];
    for (let attempt = 0; attempt < MAX_CANDIDATES; attempt++) {
      // Nearest by an equirectangular distance: exact enough to rank drivers within a city.
      const [candidate] = await tx.$queryRaw<{ id: string; lat: number; lng: number }[]>`
        SELECT dr.id, dr.last_lat AS lat, dr.last_lng AS lng FROM drivers dr, dispatches d, accounts a
        WHERE d.id = ${current.id} AND a.id = d.account_id
          AND dr.is_active AND dr.last_position_at >= now() - make_interval(mins => ${maxAgeMin}::int)
          AND dr.sandbox_account_id IS NOT DISTINCT FROM (CASE WHEN a.sandbox THEN a.id END)
          AND NOT (dr.id = ANY(${tried}))
          AND NOT EXISTS (SELECT 1 FROM dispatches w WHERE w.assigned_driver_id = dr.id AND w.state = ANY(${ON_DUTY_STATES as string[]}))
        ORDER BY (dr.last_lat - (d.pickup->>'lat')::float8) ^ 2
               + ((dr.last_lng - (d.pickup->>'lng')::float8) * cos(radians((d.pickup->>'lat')::float8))) ^ 2, dr.id
        LIMIT 1`;
      if (!candidate) return plan?.pickupReadyAt ? lookAgainAt(new Date(now + SCHEDULED_RETRY_MS)) : null;
      if (plan?.pickupReadyAt && attempt === 0) {
        const travelMs = (await estimator.leg(candidate, plan.pickup)).durationMin * 60_000;
        const setOffAt = plan.pickupReadyAt.getTime() - travelMs;
        if (setOffAt > now) return lookAgainAt(new Date(setOffAt));
      }
      tried.push(candidate.id);
      await tx.$queryRaw`SELECT id FROM drivers WHERE id = ${candidate.id} FOR UPDATE`;
      const [busy] = await tx.$queryRaw<{ busy: boolean }[]>`
        SELECT EXISTS (SELECT 1 FROM dispatches WHERE assigned_driver_id = ${candidate.id}
                       AND state = ANY(${ON_DUTY_STATES as string[]})) AS busy`;
      if (busy?.busy) continue;
      return writeAssignment(tx, current, candidate.id, AUTO_ASSIGN_ACTOR);
    }
    return plan?.pickupReadyAt ? lookAgainAt(new Date(now + SCHEDULED_RETRY_MS)) : null;
  }, TX_OPTIONS);
}
