import { db } from '@/lib/platform/server/db/client';
import { ENDPOINT_SELECT, endpointView } from '@/lib/webhooks/server/internal/delivery-views';
import { noWebhookEndpoint } from '@/lib/webhooks/server/internal/get-webhook-endpoint';
import { replayPending } from '@/lib/webhooks/server/internal/replay-pending';
import type { WebhookEndpointView } from '@/lib/webhooks/shared/schemas';
import { wakeWorkers } from '@/lib/webhooks/server/internal/wake-workers';

/**
 * Enables the account's endpoint again after it was disabled, and replays what is pending:
 * every pending delivery is due now with a fresh series of attempts.
 */
export async function enableWebhookEndpoint(options: { accountId: string }): Promise<WebhookEndpointView> {
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({
      where: { accountId: options.accountId, isActive: true },
      select: { id: true, disabledAt: true },
    });
    if (!endpoint) throw noWebhookEndpoint();
    // Enabling an endpoint that is not disabled changes nothing (and grants no fresh retries).
    if (endpoint.disabledAt) {
      await tx.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { disabledAt: null, disabledReason: null, failingSince: null },
      });
      await replayPending(tx, endpoint.id);
      await wakeWorkers(tx);
    }
    return endpointView(await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id }, select: ENDPOINT_SELECT }));
  });
}
