import { db } from '@/lib/db/client';
import { applyChange, lockDispatch, TX_OPTIONS } from '@/lib/dispatches/apply-change';
import { writeAssignment } from '@/lib/dispatches/assign-driver';
import { AUTO_ASSIGN_ACTOR } from '@/lib/dispatches/auto-assign-dispatch';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { closeDispatchOffer, OFFERABLE_STATES } from '@/lib/offers/close-offers';
import { offerClosed, offerNotFound } from '@/lib/offers/offer-errors';
import { offerToNextDriver } from '@/lib/offers/offer-to-next-driver';
import { accountScope } from '@/lib/tenancy/scope';
import { ON_DUTY_STATES } from '@/lib/transitions/statuses';

type Outcome = { record: DispatchRecord } | { closed: string; offerToNext: boolean };

/**
 * The driver takes their offer: in one transaction, `assigned` (as system/auto-assign, the
 * assignment auto-assign would have written) and then `accepted` (as the driver), each with its
 * history entry and events, so a vendor sees `assigned` only for a driver who took the dispatch.
 *
 * Refused with `offer_closed` (409) when the offer was answered already, has expired, its
 * dispatch was assigned or cancelled meanwhile, or the driver can no longer take it (on another
 * dispatch, off duty, deactivated). Another driver's offer is not found (404). The dispatch row
 * is locked first, as every change of it does, so a race with the scheduler moving the offer
 * on, an admin's assignment or a second tap ends with exactly one winner; then the driver row,
 * then the offer (the lock order of lib/offers and auto-assign).
 */
export async function acceptOffer(options: { offerId: string; driverId: string }): Promise<{ dispatchId: string; record: DispatchRecord }> {
  const { offerId, driverId } = options;
  const offer = await db().dispatchOffer.findFirst({ where: { id: offerId, driverId }, select: { dispatchId: true, accountId: true } });
  if (!offer) throw offerNotFound(offerId);
  // The offer row, matched to the driver above, names the dispatch and its account.
  const scope = accountScope(offer.accountId);
  const outcome = await db().$transaction(async (tx): Promise<Outcome> => {
    const current = await lockDispatch(tx, { id: offer.dispatchId, scope });
    await tx.$queryRaw`SELECT id FROM drivers WHERE id = ${driverId} FOR UPDATE`;
    const [row] = await tx.$queryRaw<{ state: string; isExpired: boolean; expiresAt: Date }[]>`
      SELECT state, expires_at <= clock_timestamp() AS "isExpired", expires_at AS "expiresAt" FROM dispatch_offers WHERE id = ${offerId} FOR UPDATE`;
    if (!row || row.state !== 'pending') return { closed: `it was ${row?.state ?? 'removed'}`, offerToNext: false };
    if (current.assignedDriverId !== null || !OFFERABLE_STATES.includes(current.state)) {
      await closeDispatchOffer(tx, current.id, 'withdrawn');
      return { closed: `the dispatch is ${current.state} already`, offerToNext: false };
    }
    if (row.isExpired) {
      // The scheduler moves the dispatch on at its `assign_at` (the expiry, now past).
      await closeDispatchOffer(tx, current.id, 'expired');
      return { closed: `it expired at ${row.expiresAt.toISOString()}`, offerToNext: false };
    }
    const [driver] = await tx.$queryRaw<{ canTake: boolean }[]>`
      SELECT dr.is_active AND dr.on_duty
             AND NOT EXISTS (SELECT 1 FROM dispatches WHERE assigned_driver_id = dr.id AND state = ANY(${ON_DUTY_STATES as string[]})) AS "canTake"
      FROM drivers dr WHERE dr.id = ${driverId}`;
    if (!driver?.canTake) {
      await closeDispatchOffer(tx, current.id, 'withdrawn');
      return { closed: 'you are off duty or on another dispatch', offerToNext: true };
    }
    await writeAssignment(tx, current, driverId, AUTO_ASSIGN_ACTOR);
    const assigned = await lockDispatch(tx, { id: current.id, scope });
    const record = await applyChange(tx, assigned, {
      data: { state: 'accepted' },
      actor: { refType: 'driver', refId: driverId },
      status: 'accepted',
      events: ['dispatch.status_updated'],
    });
    await tx.$executeRaw`UPDATE dispatch_offers SET state = 'accepted', responded_at = now() WHERE id = ${offerId}`;
    return { record };
  }, TX_OPTIONS);
  if ('record' in outcome) return { dispatchId: offer.dispatchId, record: outcome.record };
  if (outcome.offerToNext) await offerToNextDriver(offer.dispatchId);
  throw offerClosed(offerId, outcome.closed);
}

