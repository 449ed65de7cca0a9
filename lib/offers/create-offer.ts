import type { Prisma } from '@/prisma/generated/client';
import { newId } from '@/lib/ids/new-id';

/**
 * Offers a dispatch to a driver until `timeoutS` from now, and makes the offer's expiry the
 * dispatch's `assign_at`, so the scheduler (lib/dispatches/scheduled-assigner.ts) moves an
 * unanswered offer on to the next driver. The caller holds the dispatch's and the driver's row
 * locks and has closed their earlier offers: the partial unique indexes (one open offer per
 * dispatch, one per driver) are a backstop, not the arbiter.
 */
export async function createOffer(
  tx: Prisma.TransactionClient,
  offer: { dispatchId: string; accountId: string; driverId: string; timeoutS: number },
): Promise<{ id: string; expiresAt: Date }> {
  const id = newId('ofr');
  const [created] = await tx.$queryRaw<{ expiresAt: Date }[]>`
    INSERT INTO dispatch_offers (id, dispatch_id, driver_id, account_id, state, created_at, expires_at)
    VALUES (${id}, ${offer.dispatchId}, ${offer.driverId}, ${offer.accountId}, 'pending', now(), now() + ${offer.timeoutS} * interval '1 second')
    RETURNING expires_at AS "expiresAt"`;
  if (!created) throw new Error(`offer ${id} was not created`);
  await tx.$executeRaw`UPDATE dispatches SET assign_at = ${created.expiresAt} WHERE id = ${offer.dispatchId}`;
  return { id, expiresAt: created.expiresAt };
}
