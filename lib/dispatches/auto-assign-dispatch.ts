import { db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { lockDispatch, TX_OPTIONS, type Actor } from '@/lib/dispatches/apply-change';
import { writeAssignment } from '@/lib/dispatches/assign-driver';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { platformScope } from '@/lib/tenancy/scope';
import { canRecordStatus, isLifecycleStatus, ON_DUTY_STATES } from '@/lib/transitions/statuses';

const AUTO_ASSIGN_ACTOR: Actor = { refType: 'system', refId: 'auto-assign' };
/** Candidates tried when nearer ones were taken by a concurrent assignment meanwhile. */
const MAX_CANDIDATES = 5;

/**
 * Gives an unassigned dispatch to the nearest available driver: active, with a position no
 * older than AUTO_ASSIGN_MAX_POSITION_AGE_MIN, on no other dispatch, and (for a sandbox account)
 * one of its simulated drivers, otherwise a real one. Returns the assigned record, or null when
 * no driver is available or the dispatch cannot take an assignment now.
 *
 * Two dispatches racing for one driver: the driver row is locked, then checked again for work in
 * a fresh statement (read committed), so the loser moves on to the next-nearest driver.
 */
export async function autoAssignDispatch(options: { id: string }): Promise<DispatchRecord | null> {
  const maxAgeMin = getEnv().AUTO_ASSIGN_MAX_POSITION_AGE_MIN;
  return db().$transaction(async (tx) => {
    // A system step on the dispatch createDispatch has just written: the platform's reach.
    const current = await lockDispatch(tx, { id: options.id, scope: platformScope() });
    if (current.assignedDriverId !== null || !isLifecycleStatus(current.state) || !canRecordStatus(current.state, 'assigned')) return null;
    const tried: string[] = [];
    for (let attempt = 0; attempt < MAX_CANDIDATES; attempt++) {
      // Nearest by an equirectangular distance: exact enough to rank drivers within a city.
      const [candidate] = await tx.$queryRaw<{ id: string }[]>`
        SELECT dr.id FROM drivers dr, dispatches d, accounts a
        WHERE d.id = ${current.id} AND a.id = d.account_id
          AND dr.is_active AND dr.last_position_at >= now() - make_interval(mins => ${maxAgeMin}::int)
          AND dr.sandbox_account_id IS NOT DISTINCT FROM (CASE WHEN a.sandbox THEN a.id END)
          AND NOT (dr.id = ANY(${tried}))
          AND NOT EXISTS (SELECT 1 FROM dispatches w WHERE w.assigned_driver_id = dr.id AND w.state = ANY(${ON_DUTY_STATES as string[]}))
        ORDER BY (dr.last_lat - (d.pickup->>'lat')::float8) ^ 2
               + ((dr.last_lng - (d.pickup->>'lng')::float8) * cos(radians((d.pickup->>'lat')::float8))) ^ 2, dr.id
        LIMIT 1`;
      if (!candidate) return null;
      tried.push(candidate.id);
      await tx.$queryRaw`SELECT id FROM drivers WHERE id = ${candidate.id} FOR UPDATE`;
      const [busy] = await tx.$queryRaw<{ busy: boolean }[]>`
        SELECT EXISTS (SELECT 1 FROM dispatches WHERE assigned_driver_id = ${candidate.id}
                       AND state = ANY(${ON_DUTY_STATES as string[]})) AS busy`;
      if (busy?.busy) continue;
      return writeAssignment(tx, current, candidate.id, AUTO_ASSIGN_ACTOR);
    }
    return null;
  }, TX_OPTIONS);
}
