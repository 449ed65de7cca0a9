import type { Prisma } from '@/prisma/generated/client';
import { canRecordStatus, LIFECYCLE_STATUSES } from '@/lib/transitions/statuses';
import type { OfferState } from '@/lib/offers/schemas';

/** States a dispatch can be offered in: those that may record `assigned` (and it has no driver). */
export const OFFERABLE_STATES: readonly string[] = LIFECYCLE_STATUSES.filter((state) => canRecordStatus(state, 'assigned'));

/**
 * Closes the dispatch's open offer, if any, as `expired` (nobody answered) or `withdrawn` (the
 * dispatch went elsewhere or ended). The caller holds the dispatch's row lock.
 */
export async function closeDispatchOffer(tx: Prisma.TransactionClient, dispatchId: string, state: Extract<OfferState, 'expired' | 'withdrawn'>): Promise<number> {
  return tx.$executeRaw`
    UPDATE dispatch_offers SET state = ${state}, responded_at = now() WHERE dispatch_id = ${dispatchId} AND state = 'pending'`;
}

/**
 * Closes a driver's offers that are still marked open but no longer are: past their expiry (the
 * scheduler has not moved them on yet) or for a dispatch that was assigned or cancelled meanwhile.
 * An offer still open is left alone. The caller holds the driver's row lock, so no new offer
 * for the driver appears meanwhile; the dispatch of an expired one is moved on by its own
 * `assign_at`, which is still set.
 */
export async function closeStaleDriverOffers(tx: Prisma.TransactionClient, driverId: string): Promise<number> {
  return tx.$executeRaw`
    UPDATE dispatch_offers o SET state = CASE WHEN o.expires_at <= now() THEN 'expired' ELSE 'withdrawn' END, responded_at = now()
    FROM dispatches d
    WHERE o.driver_id = ${driverId} AND o.state = 'pending' AND d.id = o.dispatch_id
      AND (o.expires_at <= now() OR d.assigned_driver_id IS NOT NULL OR NOT (d.state = ANY(${OFFERABLE_STATES as string[]})))`;
}
