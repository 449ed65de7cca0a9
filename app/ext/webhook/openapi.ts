import { TAGS } from '@/lib/http/openapi/components';
import { formatDuration } from '@/lib/http/openapi/format';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse, noContent } from '@/lib/http/openapi/success-responses';
import { CHECKS_PER_ACCOUNT, CHECKS_PER_PROCESS } from '@/lib/webhooks/check-slots';
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
        `At most ${CHECKS_PER_ACCOUNT} registrations of one account are checked at once (and ${CHECKS_PER_PROCESS} in all per server process); one more is refused at once, with \`retry-after\`, before anything is sent or written.`,
      ].join('\n\n'),
      body: { schema: RegisterWebhookBodySchema, description: 'The URL to register.' },
      idempotent: true,
      responses: { '204': noContent('Registered.') },
      errors: ['webhook_unreachable', 'too_many_requests'],
      errorNotes: {
        invalid_request: '`webhook` is not an http(s) URL of at most 2048 characters, or the `Idempotency-Key` header is invalid',
        webhook_unreachable:
          'The ping failed: no answer within the timeout, a status other than 200, a redirect, or a private/loopback address; `error_desc` says which',
        too_many_requests: `${CHECKS_PER_ACCOUNT} registrations of your account are already being checked: nothing was sent or written; retry after \`retry-after\` seconds`,
        service_unavailable:
          'The database is unreachable for a moment, or the server is checking as many registrations as it runs at once: nothing was sent or written; retry after `retry-after` seconds',
      },
    },
  },
};
