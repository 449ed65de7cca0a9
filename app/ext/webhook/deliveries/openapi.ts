import { PageQuerySchema } from '@/lib/dispatches/schemas';
import { TAGS } from '@/lib/http/openapi/components';
import { codeList } from '@/lib/http/openapi/format';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { DELIVERY_STATUSES, DeliveryListQuerySchema, WEBHOOK_EVENT_TYPES, WebhookDeliveryListResponseSchema } from '@/lib/webhooks/schemas';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/webhook/deliveries',
  operations: {
    get: {
      audience: 'vendor',
      tag: TAGS.webhooks,
      operationId: 'listWebhookDeliveries',
      summary: 'List webhook deliveries',
      description: [
        'Your account’s deliveries (one per event and endpoint), newest first, one page at a time (see **Paging**).',
        `Filters combine with AND: \`event_type\` (${codeList(WEBHOOK_EVENT_TYPES)}), \`status\` (${codeList(DELIVERY_STATUSES)}) and \`dispatch_id\` match exactly.`,
      ].join('\n\n'),
      requestParams: {
        query: DeliveryListQuerySchema.extend({
          limit: PageQuerySchema.shape.limit.meta({ description: 'Deliveries per page' }),
          event_type: DeliveryListQuerySchema.shape.event_type.meta({ description: 'Only events of this type' }),
          status: DeliveryListQuerySchema.shape.status.meta({
            description: '`pending` (waiting to be sent or retried), `succeeded` or `failed` (every attempt of its series failed)',
          }),
          dispatch_id: DeliveryListQuerySchema.shape.dispatch_id.meta({ description: 'Only events of this dispatch' }),
        }),
      },
      responses: { '200': jsonResponse('A page of deliveries.', WebhookDeliveryListResponseSchema) },
      errors: ['invalid_request'],
      errorNotes: { invalid_request: 'A query parameter is invalid, or `cursor` is not one this API returned' },
    },
  },
};
