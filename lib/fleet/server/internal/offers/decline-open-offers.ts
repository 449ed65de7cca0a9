import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { declineOffer } from '@/lib/fleet/server/internal/offers/decline-offer';

/**
 * Declines the trip the driver has been offered and not answered (they went off duty): its
 * dispatches go back to the dispatch engine at once. An offer that closed meanwhile (it timed
 * out, or its dispatches went elsewhere) needs nothing more.
 */
export async function declineOpenOffers(options: { driverId: string }): Promise<number> {
  const open = await db().dispatchOffer.findMany({ where: { driverId: options.driverId, state: 'pending' }, select: { id: true, tripId: true } });
  const oneEach = [...new Map(open.map((offer) => [offer.tripId ?? offer.id, offer.id])).values()];
  let declined = 0;
  for (const id of oneEach) {
    try {
      await declineOffer({ offerId: id, driverId: options.driverId });
      declined++;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'offer_closed')) throw error;
    }
  }
  return declined;
}
