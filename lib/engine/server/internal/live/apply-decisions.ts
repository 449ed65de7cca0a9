import { db } from '@/lib/platform/server/db/client';
import { lockDispatch, TX_OPTIONS, type LockedDispatch } from '@/lib/dispatch/server/apply-change';
import { writeAssignment } from '@/lib/dispatch/server/assign-driver';
import type { Decision } from '@/lib/engine/server/internal/types';
import type { LoadedRound, RoundPartition } from '@/lib/engine/server/internal/live/load-round-input';
import { OFFERABLE_STATES } from '@/lib/fleet/server/offers/close-offers';
import { fillTrip, insertTrip, REOFFER_AFTER_MIN, type TripPlan } from '@/lib/fleet/server/offers/trips';
import { SANDBOX_ACTOR } from '@/lib/fleet/server/sandbox/assign-sandbox-driver';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { carriesNoOtherWork } from '@/lib/fleet/server/drivers/driver-is-free';
import { Prisma } from '@/prisma/generated/client';

// Turning a round's decisions into trips, one transaction per decision: a real driver is offered
// the trip (lib/fleet/server/offers/trips.ts); a sandbox's simulated driver is given it at once, as
// system/sandbox. Every check is made again under the row locks (dispatches in id order, then
// the driver: the offers' lock order), so a decision that went stale while the round planned
// (a dispatch cancelled, a driver gone off duty, another leader's round) is skipped, never half
// applied. The plan's times move from the round's clock to dates.

export type DecisionOutcome =
  | 'offered'
  | 'assigned'
  /** Nothing new for a driver already heading there: its plan (expected pickup, kind) was updated. */
  | 'kept'
  /** The engine gave away an order a driver heading to the pickup already accepted: not done live. */
  | 'skipped_release'
  /** The driver carries other work than this trip extends. */
  | 'skipped_busy'
  /** The driver let one of these dispatches go within REOFFER_AFTER_MIN. */
  | 'skipped_reoffer'
  /** Something changed since the round read it. */
  | 'skipped_stale';

const at = (seconds: number) => new Date(Math.round(seconds * 1000));

export async function applyDecision(round: LoadedRound, partition: RoundPartition, decision: Decision, timeoutS: number): Promise<DecisionOutcome> {
  const courier = partition.courierInfo.get(decision.courierId);
  if (!courier) return 'skipped_stale';
  const infos = decision.orderIds.map((id) => partition.orderInfo.get(id));
  if (infos.some((info) => !info)) return 'skipped_stale';
  if (infos.some((info) => info!.heldBy !== null && info!.heldBy !== decision.courierId)) return 'skipped_release';
  const offeredIds = decision.orderIds.filter((id) => partition.orderInfo.get(id)!.heldBy === null);
  const carriedIds = decision.orderIds.filter((id) => partition.orderInfo.get(id)!.heldBy === decision.courierId);
  if (courier.carries.length > 0 && (!courier.headingTripId || courier.carries.some((id) => !carriedIds.includes(id)))) {
    return offeredIds.length === 0 ? 'kept' : 'skipped_busy';
  }
  const readyAt = Math.max(...infos.map((info) => info!.readyAt));
  const plan: TripPlan = {
    driverId: decision.courierId,
    accountId: infos[0]!.accountId,
    kind: decision.kind,
    orderIds: [...decision.orderIds],
    offeredIds,
    extendsTripId: courier.headingTripId,
    departAt: at(Math.max(decision.departAt, round.now)),
    arriveAt: at(decision.arriveAt),
    readyAt: at(readyAt),
  };
  if (offeredIds.length === 0) {
    if (!courier.headingTripId) return 'skipped_stale';
    await keepHeading(courier.headingTripId, plan);
    return 'kept';
  }
  return db().$transaction(async (tx): Promise<DecisionOutcome> => {
    const locked: LockedDispatch[] = [];
    // A system step over whatever accounts the round planned: the platform's reach.
    for (const id of [...offeredIds].sort()) locked.push(await lockDispatch(tx, { id, scope: platformScope() }));
    if (locked.some((current) => current.assignedDriverId !== null || !OFFERABLE_STATES.includes(current.state))) return 'skipped_stale';
    await tx.$queryRaw`SELECT id FROM drivers WHERE id = ${plan.driverId} FOR UPDATE`;
    const [check] = await tx.$queryRaw<{ isFree: boolean; isOffered: boolean; wasLetGo: boolean }[]>`
      SELECT dr.is_active AND dr.on_duty
             AND ${carriesNoOtherWork(Prisma.raw('dr.id'), Prisma.sql`${carriedIds}`)} AS "isFree",
             EXISTS (SELECT 1 FROM trips WHERE driver_id = dr.id AND state = 'offered' AND expires_at > now())
             OR EXISTS (SELECT 1 FROM dispatch_offers WHERE dispatch_id = ANY(${offeredIds}) AND state = 'pending' AND expires_at > now()) AS "isOffered",
             EXISTS (SELECT 1 FROM dispatch_offers WHERE dispatch_id = ANY(${offeredIds}) AND driver_id = dr.id
                                                     AND state IN ('declined', 'expired') AND created_at > now() - make_interval(mins => ${REOFFER_AFTER_MIN}::int)) AS "wasLetGo"
      FROM drivers dr WHERE dr.id = ${plan.driverId}`;
    if (!check?.isFree || check.isOffered) return 'skipped_stale';
    if (check.wasLetGo) return 'skipped_reoffer';
    if (partition.sandboxAccountId === null) {
      await insertTrip(tx, plan, { state: 'offered', timeoutS });
      return 'offered';
    }
    const trip = await insertTrip(tx, plan, { state: 'accepted', timeoutS: 0 });
    await fillTrip(tx, trip.id);
    const byId = new Map(locked.map((current) => [current.id, current]));
    for (const id of offeredIds) await writeAssignment(tx, byId.get(id)!, plan.driverId, SANDBOX_ACTOR);
    return 'assigned';
  }, TX_OPTIONS);
}

/**
 * A driver heading to a pickup whose trip the round kept as it is (or closed, `final`): the plan's
 * new arrival becomes the dispatches' `expected_pickup_at` (no event: the record is re-rendered,
 * the vendor reads it), and the trip's kind follows the plan.
 */
async function keepHeading(tripId: string, plan: TripPlan): Promise<void> {
  await db().$transaction(async (tx) => {
    // Dispatches first, then the trip: the lock order of accept (which merges this trip).
    await tx.$executeRaw`
      UPDATE dispatches SET expected_pickup_at = ${plan.arriveAt}
      WHERE trip_id = ${tripId} AND state IN ('assigned', 'accepted', 'ready_for_pickup')
        AND (expected_pickup_at IS NULL OR abs(extract(epoch FROM expected_pickup_at - ${plan.arriveAt}::timestamptz)) >= 60)`;
    await tx.$executeRaw`UPDATE trips SET kind = ${plan.kind}, arrive_at = ${plan.arriveAt}, ready_at = ${plan.readyAt} WHERE id = ${tripId} AND state = 'accepted'`;
  }, TX_OPTIONS);
}
