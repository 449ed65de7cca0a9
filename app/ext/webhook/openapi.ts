import { TAGS } from '@/lib/http/openapi/components';
import { formatDuration } from '@/lib/http/openapi/format';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse, noContent } from '@/lib/http/openapi/success-responses';
import { PING_TIMEOUT_MS } from '@/lib/webhooks/register-webhook';
import { RegisterWebhookBodySchema, WebhookEndpointResponseSchema } from '@/lib/webhooks/schemas';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/webhook',
  operations: {
    get: {
      audience: 'vendor',
      tag: TAGS.webhooks,
      operationId: 'getWebhook',
      summary: 'Get the webhook endpoint',
      description:
        'Your registered URL and its health: whether it is `disabled` and why, when the last delivery succeeded and failed, and how many deliveries are pending.',
      responses: { '200': jsonResponse('The endpoint.', WebhookEndpointResponseSchema) },
      errors: ['not_found'],
      errorNotes: { not_found: 'No webhook is registered yet' },
    },
    post: {
      audience: 'vendor',
      tag: TAGS.webhooks,
      operationId: 'registerWebhook',
      summary: 'Register the webhook URL',
      description: [
        `Sends the URL a signed \`webhook.ping\` (see **Webhooks**) and registers it only if it answers HTTP 200 within ${formatDuration(PING_TIMEOUT_MS)}.`,
        'The URL replaces your account’s previous one.',
      ].join('\n\n'),
      body: { schema: RegisterWebhookBodySchema, description: 'The URL to register.' },
      idempotent: true,
      responses: { '204': noContent('Registered.') },
      errors: ['webhook_unreachable'],
      errorNotes: {
        invalid_request: '`webhook` is not an http(s) URL of at most 2048 characters, or the `Idempotency-Key` header is invalid',
        webhook_unreachable:
          'The ping failed: no answer within the timeout, a status other than 200, a redirect, or a private/loopback address; `error_desc` says which',
      },
    },
  },
};
