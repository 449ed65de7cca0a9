import { db } from '@/lib/platform/server/db/client';
import { noWebhookEndpoint } from '@/lib/webhooks/server/internal/get-webhook-endpoint';

/** What a delivery still pending says once its endpoint is removed. */
export const REMOVED_DELIVERY_ERROR = 'not sent: the webhook was removed';

/**
 * Removes the account's webhook: nothing more is sent, and no new event is queued for it (events
 * go to the active endpoint only). What was still pending is closed as failed with the reason,
 * so the delivery log says what happened to it and a later registration does not send a backlog
 * the account chose to drop. The endpoint row stays (inactive) for the log's history. Without a
 * registered webhook it is a 404, like the other webhook actions.
 */
export async function removeWebhookEndpoint(options: { accountId: string; by: string }): Promise<void> {
  await db().$transaction(async (tx) => {
    const [endpoint] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM webhook_endpoints WHERE account_id = ${options.accountId} AND is_active FOR UPDATE`;
    if (!endpoint) throw noWebhookEndpoint();
    await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { isActive: false, disabledAt: new Date(), disabledReason: `Removed by ${options.by}` },
    });
    await tx.webhookDelivery.updateMany({
      where: { endpointId: endpoint.id, status: 'pending' },
      data: { status: 'failed', held: false, leaseExpiresAt: null, leasedBy: null, lastError: REMOVED_DELIVERY_ERROR, completedAt: new Date() },
    });
  });
}
