import { db } from '@/lib/db/client';
import { lockDispatch, TX_OPTIONS } from '@/lib/dispatches/apply-change';
import { offerClosed, offerNotFound } from '@/lib/offers/offer-errors';
import { offerToNextDriver } from '@/lib/offers/offer-to-next-driver';
import type { DeclinedOffer } from '@/lib/offers/schemas';
import { accountScope } from '@/lib/tenancy/scope';

/**
 * The driver turns their offer down: it closes as `declined` and the dispatch is offered to the
 * next nearest driver at once (not to this one again for a while: auto-assign-dispatch.ts).
 * Declining a declined offer again answers the same (a retried tap); any other closed offer is
 * `offer_closed` (409); another driver's offer is not found (404).
 */
export async function declineOffer(options: { offerId: string; driverId: string }): Promise<DeclinedOffer> {
  const { offerId, driverId } = options;
  const offer = await db().dispatchOffer.findFirst({ where: { id: offerId, driverId }, select: { dispatchId: true, accountId: true } });
  if (!offer) throw offerNotFound(offerId);
  const outcome = await db().$transaction(async (tx) => {
    // The offer row, matched to the driver above, names the dispatch and its account.
    await lockDispatch(tx, { id: offer.dispatchId, scope: accountScope(offer.accountId) });
    const [row] = await tx.$queryRaw<{ state: string }[]>`SELECT state FROM dispatch_offers WHERE id = ${offerId} FOR UPDATE`;
    if (row?.state !== 'pending') return row?.state ?? 'removed';
    await tx.$executeRaw`UPDATE dispatch_offers SET state = 'declined', responded_at = now() WHERE id = ${offerId}`;
    // Due now: should the offer to the next driver below fail, the scheduler makes it.
    await tx.$executeRaw`UPDATE dispatches SET assign_at = now() WHERE id = ${offer.dispatchId} AND assign_at IS NOT NULL`;
    return 'declined now';
  }, TX_OPTIONS);
  if (outcome === 'declined now') await offerToNextDriver(offer.dispatchId);
  else if (outcome !== 'declined') throw offerClosed(offerId, `it was ${outcome}`);
  return { id: offerId, state: 'declined' };
}
