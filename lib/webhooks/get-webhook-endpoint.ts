import { db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import { ENDPOINT_SELECT, endpointView } from '@/lib/webhooks/delivery-views';
import type { WebhookEndpointView } from '@/lib/webhooks/schemas';

export function noWebhookEndpoint(): ApiError {
  return new ApiError('not_found', 'No webhook is registered for the account (POST /ext/webhook registers one)');
}

/** An action that needs an endpoint (test event, redelivery) when the account has none: 409. */
export function nothingToDeliverTo(): ApiError {
  return new ApiError('invalid_state', 'No webhook is registered: register one with POST /ext/webhook first');
}

/** The account's current endpoint and its health. */
export async function getWebhookEndpoint(options: { accountId: string }): Promise<WebhookEndpointView> {
  const row = await db().webhookEndpoint.findFirst({ where: { accountId: options.accountId, isActive: true }, select: ENDPOINT_SELECT });
  if (!row) throw noWebhookEndpoint();
  return endpointView(row);
}
