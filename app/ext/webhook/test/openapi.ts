import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { WebhookDeliveryResponseSchema } from '@/lib/webhooks/schemas';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/webhook/test',
  operations: {
    post: {
      audience: 'vendor',
      tag: TAGS.webhooks,
      operationId: 'sendWebhookTestEvent',
      summary: 'Send a test event',
      description:
        'Queues a signed `webhook.ping` to your registered URL, delivered, retried and recorded like any event (it is not held behind any dispatch’s events). Follow it with `GET /ext/webhook/deliveries/{id}`.',
      idempotent: true,
      responses: { '202': jsonResponse('Queued; `status` is `pending`.', WebhookDeliveryResponseSchema) },
      errors: ['invalid_state'],
      errorNotes: { invalid_state: 'No webhook is registered yet: register one with `POST /ext/webhook`' },
    },
  },
};
