import { db } from '@/lib/platform/server/db/client';
import { lockDispatch, TX_OPTIONS } from '@/lib/dispatch/server/apply-change';
import { offerClosed, offerNotFound } from '@/lib/fleet/server/internal/offers/offer-errors';
import type { DeclinedOffer } from '@/lib/fleet/server/internal/offers/schemas';
import { wakeDispatchEngine } from '@/lib/dispatch/server/wake-dispatch-engine';
import { closeTrip } from '@/lib/fleet/server/offers/trips';
import { accountScope } from '@/lib/platform/server/tenancy/scope';

/**
 * The driver turns their offer down — the whole trip: it closes as `declined` and its
 * dispatches go back to the dispatch engine, which plans them at once in a round of their own
 * (not with this driver again for a while: REOFFER_AFTER_MIN). Declining a declined offer again
 * answers the same (a retried tap); any other closed offer is `offer_closed` (409); another
 * driver's offer is not found (404). Locks in the offers' order: dispatches, driver, trip.
 */
export async function declineOffer(options: { offerId: string; driverId: string }): Promise<DeclinedOffer> {
  const { offerId, driverId } = options;
  const offer = await db().dispatchOffer.findFirst({ where: { id: offerId, driverId }, select: { dispatchId: true, accountId: true, tripId: true, state: true } });
  if (!offer) throw offerNotFound(offerId);
  if (!offer.tripId) {
    if (offer.state === 'declined') return { id: offerId, state: 'declined' };
    throw offerClosed(offerId, `it was ${offer.state}`);
  }
  const tripId = offer.tripId;
  const trip = await db().trip.findUniqueOrThrow({ where: { id: tripId }, select: { orderIds: true } });
  const outcome = await db().$transaction(async (tx) => {
    // The offer row, matched to the driver above, names the trip and its account.
    for (const id of [...trip.orderIds].sort()) await lockDispatch(tx, { id, scope: accountScope(offer.accountId) });
    await tx.$queryRaw`SELECT id FROM drivers WHERE id = ${driverId} FOR UPDATE`;
    const [row] = await tx.$queryRaw<{ state: string }[]>`SELECT state FROM trips WHERE id = ${tripId} FOR UPDATE`;
    if (row?.state !== 'offered') return row?.state ?? 'removed';
    await closeTrip(tx, tripId, 'declined');
    await wakeDispatchEngine(tx, 'trip_declined');
    return 'declined now';
  }, TX_OPTIONS);
  if (outcome !== 'declined now' && outcome !== 'declined') throw offerClosed(offerId, `it was ${outcome}`);
  return { id: offerId, state: 'declined' };
}
