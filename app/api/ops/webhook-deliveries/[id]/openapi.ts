import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { WebhookDeliveryDetailResponseSchema } from '@/lib/webhooks/schemas';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/webhook-deliveries/{id}',
  operations: {
    get: {
      audience: 'ops',
      operationId: 'opsGetWebhookDelivery',
      summary: 'Get any account’s webhook delivery',
      description: 'One delivery of any account with the exact body sent and every attempt, as `GET /ext/webhook/deliveries/{id}` shows it.',
      pathId: 'delivery',
      responses: { '200': jsonResponse('The delivery.', WebhookDeliveryDetailResponseSchema) },
    },
  },
};
