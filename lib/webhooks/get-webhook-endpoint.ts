import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { ENDPOINT_SELECT, endpointView } from '@/lib/webhooks/delivery-views';
import type { WebhookEndpointView } from '@/lib/webhooks/schemas';

export function noWebhookEndpoint(): DomainError {
  return new DomainError('not_found', 'No webhook is registered for the account (POST /ext/webhook registers one)');
}

/** An action that needs an endpoint (test event, redelivery) when the account has none: 409. */
export function nothingToDeliverTo(): DomainError {
  return new DomainError('invalid_state', 'No webhook is registered: register one with POST /ext/webhook first');
}

/** The account's current endpoint and its health. */
export async function getWebhookEndpoint(options: { accountId: string }): Promise<WebhookEndpointView> {
  const row = await db().webhookEndpoint.findFirst({ where: { accountId: options.accountId, isActive: true }, select: ENDPOINT_SELECT });
  if (!row) throw noWebhookEndpoint();
  return endpointView(row);
}
