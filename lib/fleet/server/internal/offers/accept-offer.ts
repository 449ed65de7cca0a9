import { db } from '@/lib/platform/server/db/client';
import { applyChange, lockDispatch, TX_OPTIONS, type LockedDispatch } from '@/lib/dispatch/server/apply-change';
import { writeAssignment } from '@/lib/dispatch/server/assign-driver';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { OFFERABLE_STATES } from '@/lib/fleet/server/offers/close-offers';
import { offerClosed, offerNotFound } from '@/lib/fleet/server/internal/offers/offer-errors';
import { wakeDispatchEngine } from '@/lib/dispatch/server/wake-dispatch-engine';
import { AUTO_ASSIGN_ACTOR, closeTrip, fillTrip } from '@/lib/fleet/server/offers/trips';
import { accountScope } from '@/lib/platform/server/tenancy/scope';
import { carriesNoOtherWork } from '@/lib/fleet/server/drivers/driver-is-free';
import { Prisma } from '@/prisma/generated/client';

type Outcome = { records: DispatchRecord[] } | { closed: string };

interface TripRow {
  id: string;
  state: string;
  isExpired: boolean;
  expiresAt: Date;
  orderIds: string[];
  extendsTripId: string | null;
}

/**
 * The driver takes their offer — the whole trip it belongs to: in one transaction, every
 * dispatch of the trip still waiting gets `assigned` (as system/auto-assign) and then `accepted`
 * (as the driver), each with its history entry and events, in drop-off order, so a vendor sees
 * `assigned` only for a driver who took the dispatch. The dispatches join the trip with the time
 * the driver is expected at the pickup (the record's `expected_pickup_at`).
 *
 * Refused with `offer_closed` (409) when the trip was answered already, has expired, none of its
 * dispatches still waits (assigned or cancelled meanwhile), or the driver can no longer take it
 * (on other work than the trip it extends, off duty, deactivated); a dispatch of the trip that
 * went elsewhere meanwhile is left out and the rest taken. Another driver's offer is not found
 * (404). Locks: the trip's dispatches (in id order), then the driver, then the trip and its
 * offers — the order of every offer path — so a race with a round, an admin or a second tap ends
 * with exactly one winner.
 */
export async function acceptOffer(options: { offerId: string; driverId: string }): Promise<{ dispatchId: string; dispatchIds: string[]; records: DispatchRecord[] }> {
  const { offerId, driverId } = options;
  const offer = await db().dispatchOffer.findFirst({ where: { id: offerId, driverId }, select: { dispatchId: true, accountId: true, tripId: true } });
  if (!offer) throw offerNotFound(offerId);
  // The offer row, matched to the driver above, names the trip and its account.
  const scope = accountScope(offer.accountId);
  const trip = offer.tripId ? await db().trip.findUnique({ where: { id: offer.tripId }, select: { orderIds: true } }) : null;
  const orderIds = trip?.orderIds ?? [offer.dispatchId];
  const outcome = await db().$transaction(async (tx): Promise<Outcome> => {
    const locked = new Map<string, LockedDispatch>();
    for (const id of [...orderIds].sort()) locked.set(id, await lockDispatch(tx, { id, scope }));
    await tx.$queryRaw`SELECT id FROM drivers WHERE id = ${driverId} FOR UPDATE`;
    const [row] = await tx.$queryRaw<TripRow[]>`
      SELECT id, state, expires_at <= clock_timestamp() AS "isExpired", expires_at AS "expiresAt", order_ids AS "orderIds", extends_trip_id AS "extendsTripId"
      FROM trips WHERE id = ${offer.tripId} FOR UPDATE`;
    if (!row || row.state !== 'offered') return { closed: `it was ${row?.state ?? 'removed'}` };
    await tx.$queryRaw`SELECT id FROM dispatch_offers WHERE trip_id = ${row.id} FOR UPDATE`;
    if (row.isExpired) {
      // The next round plans its dispatches again.
      await closeTrip(tx, row.id, 'expired');
      return { closed: `it expired at ${row.expiresAt.toISOString()}` };
    }
    const waiting = row.orderIds.filter((id) => {
      const current = locked.get(id);
      return current && current.assignedDriverId === null && OFFERABLE_STATES.includes(current.state);
    });
    const carried = row.orderIds.filter((id) => locked.get(id)?.assignedDriverId === driverId);
    if (waiting.length === 0) {
      await closeTrip(tx, row.id, 'withdrawn');
      await wakeDispatchEngine(tx, 'trip_withdrawn');
      return { closed: 'its dispatches went elsewhere' };
    }
    // Free: on no dispatch, or only on those of the trip this one extends.
    const [driver] = await tx.$queryRaw<{ canTake: boolean }[]>`
      SELECT dr.is_active AND dr.on_duty
             AND ${carriesNoOtherWork(Prisma.raw('dr.id'), Prisma.sql`${carried}`)} AS "canTake"
      FROM drivers dr WHERE dr.id = ${driverId}`;
    if (!driver?.canTake) {
      await closeTrip(tx, row.id, 'withdrawn');
      await wakeDispatchEngine(tx, 'trip_withdrawn');
      return { closed: 'you are off duty or on another dispatch' };
    }
    const kept = row.orderIds.filter((id) => waiting.includes(id) || carried.includes(id));
    await tx.$executeRaw`UPDATE trips SET state = 'accepted', responded_at = now(), order_ids = ${kept}::text[] WHERE id = ${row.id}`;
    await tx.$executeRaw`UPDATE dispatch_offers SET state = CASE WHEN dispatch_id = ANY(${waiting}) THEN 'accepted' ELSE 'withdrawn' END, responded_at = now()
                         WHERE trip_id = ${row.id} AND state = 'pending'`;
    await fillTrip(tx, row.id);
    const records: DispatchRecord[] = [];
    for (const id of row.orderIds.filter((orderId) => waiting.includes(orderId))) {
      await writeAssignment(tx, locked.get(id)!, driverId, AUTO_ASSIGN_ACTOR);
      const assigned = await lockDispatch(tx, { id, scope });
      records.push(
        await applyChange(tx, assigned, { columns: { state: 'accepted' }, actor: { refType: 'driver', refId: driverId }, status: 'accepted', events: ['dispatch.status_updated'] }),
      );
    }
    return { records };
  }, TX_OPTIONS);
  if ('closed' in outcome) throw offerClosed(offerId, outcome.closed);
  return { dispatchId: outcome.records[0]!.id, dispatchIds: outcome.records.map((record) => record.id), records: outcome.records };
}
