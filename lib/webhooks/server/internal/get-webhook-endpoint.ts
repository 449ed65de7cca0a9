import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { findWebhookEndpoint } from '@/lib/webhooks/server/internal/find-webhook-endpoint';
import type { WebhookEndpointView } from '@/lib/webhooks/shared/schemas';

export function noWebhookEndpoint(): DomainError {
  return new DomainError('not_found', 'No webhook is registered for the account (POST /ext/webhook registers one)');
}

/** An action that needs an endpoint (test event, redelivery) when the account has none: 409. */
export function nothingToDeliverTo(): DomainError {
  return new DomainError('invalid_state', 'No webhook is registered: register one with POST /ext/webhook first');
}

/** The account's current endpoint and its health; none registered is the vendor API's 404. */
export async function getWebhookEndpoint(options: { accountId: string }): Promise<WebhookEndpointView> {
  const endpoint = await findWebhookEndpoint(options);
  if (!endpoint) throw noWebhookEndpoint();
  return endpoint;
}
