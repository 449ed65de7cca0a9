import { db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import { ENDPOINT_SELECT, endpointView } from '@/lib/webhooks/delivery-views';
import type { WebhookEndpointView } from '@/lib/webhooks/schemas';

export function noWebhookEndpoint(): ApiError {
  return new ApiError('not_found', 'No webhook is registered for the account (POST /ext/webhook registers one)');
}

/** The account's current endpoint and its health. */
export async function getWebhookEndpoint(options: { accountId: string }): Promise<WebhookEndpointView> {
  const row = await db().webhookEndpoint.findFirst({ where: { accountId: options.accountId, isActive: true }, select: ENDPOINT_SELECT });
  if (!row) throw noWebhookEndpoint();
  return endpointView(row);
}
