import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { WebhookDeliveryDetailResponseSchema } from '@/lib/webhooks/schemas';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/webhook/deliveries/{id}',
  operations: {
    get: {
      audience: 'vendor',
      tag: TAGS.webhooks,
      operationId: 'getWebhookDelivery',
      summary: 'Get a webhook delivery',
      description:
        'One delivery of your account with the exact body sent and every attempt, oldest first: when it started, the HTTP status (or why none arrived), the latency and the first 1,024 bytes of the answer.',
      pathId: 'delivery',
      responses: { '200': jsonResponse('The delivery.', WebhookDeliveryDetailResponseSchema) },
    },
  },
};
