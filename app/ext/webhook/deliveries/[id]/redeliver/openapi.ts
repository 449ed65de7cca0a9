import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { WebhookDeliveryResponseSchema } from '@/lib/webhooks/schemas';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/webhook/deliveries/{id}/redeliver',
  operations: {
    post: {
      audience: 'vendor',
      tag: TAGS.webhooks,
      operationId: 'redeliverWebhook',
      summary: 'Redeliver a webhook',
      description: [
        'Sends the delivery again, with the same body and `webhook-id`, to your currently registered URL.',
        'A finished delivery (`succeeded` or `failed`) becomes `pending` with a new series of attempts (retried like a new one); a `pending` one is tried now instead of after its back-off. It still waits behind earlier pending events of its dispatch, and is not sent while the endpoint is disabled.',
      ].join('\n\n'),
      pathId: 'delivery',
      idempotent: true,
      responses: { '202': jsonResponse('Queued; `status` is `pending`.', WebhookDeliveryResponseSchema) },
      errors: ['invalid_state'],
      errorNotes: { invalid_state: 'No webhook is registered: register one with `POST /ext/webhook`' },
    },
  },
};
