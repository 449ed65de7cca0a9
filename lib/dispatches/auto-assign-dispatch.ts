import { db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { lockDispatch, TX_OPTIONS, type Actor } from '@/lib/dispatches/apply-change';
import { writeAssignment } from '@/lib/dispatches/assign-driver';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { closeDispatchOffer, closeStaleDriverOffers, OFFERABLE_STATES } from '@/lib/offers/close-offers';
import { createOffer } from '@/lib/offers/create-offer';
import { platformScope } from '@/lib/tenancy/scope';
import { straightLineEstimator, type LatLng, type RouteEstimator } from '@/lib/estimates/route-estimator';
import { canRecordStatus, isLifecycleStatus, ON_DUTY_STATES } from '@/lib/transitions/statuses';

/** Who assigns what auto-assign picked, an accepted offer included (the audit trail shows it). */
export const AUTO_ASSIGN_ACTOR: Actor = { refType: 'system', refId: 'auto-assign' };
/** Candidates tried when nearer ones were taken by a concurrent assignment meanwhile. */
const MAX_CANDIDATES = 5;

/** A dispatch with no driver available looks again this much later. */
export const SCHEDULED_RETRY_MS = 30_000;

/** A driver who was offered a dispatch (and let it go) is not offered it again for this long. */
export const REOFFER_AFTER_MIN = 10;

interface Plan {
  pickupReadyAt: Date | null;
  pickup: LatLng;
  assignAt: Date | null;
  isSandbox: boolean;
  isAutoAssign: boolean;
}

interface OpenOffer {
  id: string;
  expiresAt: Date;
  isExpired: boolean;
}

/**
 * Finds the nearest available driver for an unassigned dispatch: active, on duty, with a
 * position no older than AUTO_ASSIGN_MAX_POSITION_AGE_MIN, on no other dispatch, with no open
 * offer, and (for a sandbox account) one of its simulated drivers, otherwise a real one.
 *
 * - A real account's dispatch is OFFERED to that driver for DRIVER_OFFER_TIMEOUT_S
 *   (lib/offers); it is not assigned until the driver accepts (lib/offers/accept-offer.ts). The
 *   offer's expiry is the dispatch's `assign_at`, so the scheduler (scheduled-assigner.ts) calls
 *   again then: an offer that is still open is waited for, an expired one is closed and the
 *   dispatch offered to the next nearest driver. A driver is not offered the same dispatch twice
 *   within REOFFER_AFTER_MIN. Returns null (nothing assigned).
 * - A sandbox account's dispatch is assigned at once, as before offers existed; returns the record.
 * - Nobody available: `assign_at` is set SCHEDULED_RETRY_MS ahead and null returned.
 * - A dispatch that was assigned, cancelled or whose account no longer auto-assigns drops out
 *   of the schedule and its open offer is withdrawn.
 *
 * A scheduled dispatch (`pickup_ready_at`) is not offered before the pickup time minus the
 * nearest driver's travel time to the pickup: until then `assign_at` is set to that moment and
 * null returned; the nearest driver then may be another.
 *
 * Two dispatches racing for one driver: the driver row is locked, then checked again for work
 * and open offers in a fresh statement (read committed), so the loser moves on to the
 * next-nearest driver. Lock order everywhere in offers: dispatch, then driver, then offer rows.
 */
export async function autoAssignDispatch(options: { id: string; estimator?: RouteEstimator }): Promise<DispatchRecord | null> {
  const { estimator = straightLineEstimator } = options;
  const env = getEnv();
  const maxAgeMin = env.AUTO_ASSIGN_MAX_POSITION_AGE_MIN;
  return db().$transaction(async (tx) => {
    // A system step on the dispatch createDispatch (or the scheduler) handed over: the platform's reach.
    const current = await lockDispatch(tx, { id: options.id, scope: platformScope() });
    const [plan] = await tx.$queryRaw<Plan[]>`
      SELECT d.pickup_ready_at AS "pickupReadyAt", d.pickup, d.assign_at AS "assignAt", a.sandbox AS "isSandbox", a.auto_assign AS "isAutoAssign"
      FROM dispatches d JOIN accounts a ON a.id = d.account_id WHERE d.id = ${current.id}`;
    const lookAgainAt = async (at: Date | null) => {
      if (at?.getTime() !== plan?.assignAt?.getTime()) await tx.$executeRaw`UPDATE dispatches SET assign_at = ${at} WHERE id = ${current.id}`;
      return null;
    };
    if (
      !plan ||
      current.assignedDriverId !== null ||
      !isLifecycleStatus(current.state) ||
      !canRecordStatus(current.state, 'assigned') ||
      (!plan.isAutoAssign && !plan.isSandbox)
    ) {
      await closeDispatchOffer(tx, current.id, 'withdrawn');
      return lookAgainAt(null);
    }
    const [open] = await tx.$queryRaw<OpenOffer[]>`
      SELECT id, expires_at AS "expiresAt", expires_at <= now() AS "isExpired"
      FROM dispatch_offers WHERE dispatch_id = ${current.id} AND state = 'pending'`;
    if (open && !open.isExpired) return lookAgainAt(open.expiresAt);
    if (open) await closeDispatchOffer(tx, current.id, 'expired');

    const retry = () => lookAgainAt(plan.isSandbox && !plan.pickupReadyAt ? null : new Date(Date.now() + SCHEDULED_RETRY_MS));
    const now = Date.now();
    const tried: string[] = [];
    for (let attempt = 0; attempt < MAX_CANDIDATES; attempt++) {
      // Nearest by an equirectangular distance: exact enough to rank drivers within a city.
      const [candidate] = await tx.$queryRaw<{ id: string; lat: number; lng: number }[]>`
        SELECT dr.id, dr.last_lat AS lat, dr.last_lng AS lng FROM drivers dr, dispatches d, accounts a
        WHERE d.id = ${current.id} AND a.id = d.account_id
          AND dr.is_active AND dr.on_duty AND dr.last_position_at >= now() - make_interval(mins => ${maxAgeMin}::int)
          AND dr.sandbox_account_id IS NOT DISTINCT FROM (CASE WHEN a.sandbox THEN a.id END)
          AND NOT (dr.id = ANY(${tried}))
          AND NOT EXISTS (SELECT 1 FROM dispatches w WHERE w.assigned_driver_id = dr.id AND w.state = ANY(${ON_DUTY_STATES as string[]}))
          AND NOT EXISTS (SELECT 1 FROM dispatch_offers o JOIN dispatches od ON od.id = o.dispatch_id
                          WHERE o.driver_id = dr.id AND o.state = 'pending' AND o.expires_at > now()
                            AND od.assigned_driver_id IS NULL AND od.state = ANY(${OFFERABLE_STATES as string[]}))
          AND NOT EXISTS (SELECT 1 FROM dispatch_offers o WHERE o.dispatch_id = d.id AND o.driver_id = dr.id
                                                            AND o.created_at > now() - make_interval(mins => ${REOFFER_AFTER_MIN}::int))
        ORDER BY (dr.last_lat - (d.pickup->>'lat')::float8) ^ 2
               + ((dr.last_lng - (d.pickup->>'lng')::float8) * cos(radians((d.pickup->>'lat')::float8))) ^ 2, dr.id
        LIMIT 1`;
      if (!candidate) return retry();
      if (plan.pickupReadyAt && attempt === 0) {
        const travelMs = (await estimator.leg(candidate, plan.pickup)).durationMin * 60_000;
        const setOffAt = plan.pickupReadyAt.getTime() - travelMs;
        if (setOffAt > now) return lookAgainAt(new Date(setOffAt));
      }
      tried.push(candidate.id);
      await tx.$queryRaw`SELECT id FROM drivers WHERE id = ${candidate.id} FOR UPDATE`;
      // Offers a concurrent step left open past their time, or for a dispatch gone elsewhere,
      // must not keep the driver from this one (nor trip the one-open-offer-per-driver index).
      await closeStaleDriverOffers(tx, candidate.id);
      const [check] = await tx.$queryRaw<{ isFree: boolean }[]>`
        SELECT dr.on_duty AND dr.is_active
               AND NOT EXISTS (SELECT 1 FROM dispatches WHERE assigned_driver_id = dr.id AND state = ANY(${ON_DUTY_STATES as string[]}))
               AND NOT EXISTS (SELECT 1 FROM dispatch_offers WHERE driver_id = dr.id AND state = 'pending') AS "isFree"
        FROM drivers dr WHERE dr.id = ${candidate.id}`;
      if (!check?.isFree) continue;
      if (plan.isSandbox) return writeAssignment(tx, current, candidate.id, AUTO_ASSIGN_ACTOR);
      await createOffer(tx, { dispatchId: current.id, accountId: current.accountId, driverId: candidate.id, timeoutS: env.DRIVER_OFFER_TIMEOUT_S });
      return null;
    }
    return retry();
  }, TX_OPTIONS);
}
