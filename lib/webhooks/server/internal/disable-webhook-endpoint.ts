import { db } from '@/lib/platform/server/db/client';
import { ENDPOINT_SELECT, endpointView } from '@/lib/webhooks/server/internal/delivery-views';
import { noWebhookEndpoint } from '@/lib/webhooks/server/internal/get-webhook-endpoint';
import type { WebhookEndpointView } from '@/lib/webhooks/shared/schemas';

/**
 * Pauses the account's endpoint by hand, as the delivery worker does after continuous failure:
 * new deliveries wait as pending (workers only claim deliveries of endpoints not disabled) until
 * it is enabled again, which replays them. Pausing a paused endpoint changes nothing.
 */
export async function disableWebhookEndpoint(options: { accountId: string; reason: string; by: string }): Promise<WebhookEndpointView> {
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({
      where: { accountId: options.accountId, isActive: true },
      select: { id: true, disabledAt: true },
    });
    if (!endpoint) throw noWebhookEndpoint();
    if (!endpoint.disabledAt) {
      await tx.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { disabledAt: new Date(), disabledReason: `Paused by ${options.by}: ${options.reason}` },
      });
    }
    return endpointView(await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id }, select: ENDPOINT_SELECT }));
  });
}
