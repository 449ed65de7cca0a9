import { db } from '@/lib/platform/server/db/client';
import { ENDPOINT_SELECT, endpointView } from '@/lib/webhooks/server/internal/delivery-views';
import type { WebhookEndpointView } from '@/lib/webhooks/shared/schemas';

/**
 * The account's current endpoint and its health, or null while none is registered. The
 * dashboard and the console read "none yet" as an answer; the vendor API's 404 is
 * `getWebhookEndpoint`'s.
 */
export async function findWebhookEndpoint(options: { accountId: string }): Promise<WebhookEndpointView | null> {
  const row = await db().webhookEndpoint.findFirst({ where: { accountId: options.accountId, isActive: true }, select: ENDPOINT_SELECT });
  return row ? endpointView(row) : null;
}
