import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { WebhookEndpointResponseSchema } from '@/lib/webhooks/schemas';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/accounts/{id}/webhook/enable',
  operations: {
    post: {
      audience: 'ops',
      operationId: 'opsEnableWebhook',
      summary: 'Enable an account’s webhook endpoint again',
      description:
        'Same as the vendor’s `POST /ext/webhook/enable` for any account: enables its disabled endpoint and replays every pending delivery now with a fresh series of attempts.',
      pathId: 'account',
      responses: { '200': jsonResponse('The endpoint, `active` again.', WebhookEndpointResponseSchema) },
      errorNotes: { not_found: 'No such account, or the account has no webhook registered' },
    },
  },
};
