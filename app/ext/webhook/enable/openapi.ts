import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { WebhookEndpointResponseSchema } from '@/lib/webhooks/schemas';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/webhook/enable',
  operations: {
    post: {
      audience: 'vendor',
      tag: TAGS.webhooks,
      operationId: 'enableWebhook',
      summary: 'Enable the webhook endpoint again',
      description: [
        'Enables the endpoint after it was disabled for failing continuously (see **Webhooks**), and replays every pending delivery now, with a fresh series of attempts, in order per dispatch.',
        'Fix the receiver first: if it still fails, it is disabled again after the same period. On an endpoint that is not disabled, pending deliveries are tried now.',
      ].join('\n\n'),
      idempotent: true,
      responses: { '200': jsonResponse('The endpoint, `active` again.', WebhookEndpointResponseSchema) },
      errors: ['not_found'],
      errorNotes: { not_found: 'No webhook is registered yet' },
    },
  },
};
