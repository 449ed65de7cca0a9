import { PageQuerySchema } from '@/lib/platform/shared/paging/page-query';
import { TAGS } from '@/lib/platform/server/http/openapi/components';
import { codeList } from '@/lib/platform/server/http/openapi/format';
import { jsonResponse } from '@/lib/platform/server/http/openapi/success-responses';
import { FILTERED_LIST_ERRORS } from '@/lib/platform/server/http/openapi/route-contract';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';
import { parseQuery } from '@/lib/platform/server/validation/parse-input';
import { getDelivery } from '@/lib/webhooks/server/internal/get-delivery';
import { listDispatchDeliveries } from '@/lib/webhooks/server/list-dispatch-deliveries';
import { listDeliveries } from '@/lib/webhooks/server/internal/list-deliveries';
import { redeliver } from '@/lib/webhooks/server/internal/redeliver';
import { DELIVERY_STATUSES, DeliveryListQuerySchema, WEBHOOK_EVENT_TYPES, WebhookDeliveryDetailResponseSchema, WebhookDeliveryListResponseSchema, WebhookDeliveryResponseSchema } from '@/lib/webhooks/shared/schemas';

// An account's webhook deliveries: read, listed and sent again (lib/platform/server/http/operation.ts).

/**
 * An operation that queues a delivery to the registered URL (a redelivery, a test event): a retry
 * must not queue a second one (`Idempotency-Key`), the answer is the 202 of the delivery queued,
 * and without a registered webhook there is nowhere to send it (`invalid_state`).
 */
export const QUEUES_DELIVERY = {
  idempotent: true,
  responses: { '202': jsonResponse('Queued; `status` is `pending`.', WebhookDeliveryResponseSchema) },
  errors: ['invalid_state'],
} as const;

export const listWebhookDeliveries = defineOperation()({
  method: 'GET',
  mounts: { vendor: '/ext/webhook/deliveries', staff: '/api/staff/webhook/deliveries' },
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
  ...FILTERED_LIST_ERRORS,
  docs: {
    vendor: {
      tag: TAGS.webhooks,
      operationId: 'listWebhookDeliveries',
      summary: 'List webhook deliveries',
      description: [
        'Your account’s deliveries (one per event and endpoint), newest first, one page at a time (see **Paging**).',
        `Filters combine with AND: \`event_type\` (${codeList(WEBHOOK_EVENT_TYPES)}), \`status\` (${codeList(DELIVERY_STATUSES)}) and \`dispatch_id\` match exactly.`,
      ].join('\n\n'),
    },
  },
  run: async ({ caller, request }) => ({
    status: 200,
    body: await listDeliveries({ accountId: caller.accountId, query: parseQuery(DeliveryListQuerySchema, request) }),
  }),
});

export const getWebhookDelivery = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { vendor: '/ext/webhook/deliveries/{id}', staff: '/api/staff/webhook/deliveries/{id}', ops: '/api/ops/webhook-deliveries/{id}' },
  pathId: 'delivery',
  responses: { '200': jsonResponse('The delivery.', WebhookDeliveryDetailResponseSchema) },
  docs: {
    vendor: {
      tag: TAGS.webhooks,
      operationId: 'getWebhookDelivery',
      summary: 'Get a webhook delivery',
      description:
        'One delivery of your account with the exact body sent and every attempt, oldest first: when it started, the HTTP status (or why none arrived), the latency and the first 1,024 bytes of the answer.',
    },
    ops: {
      operationId: 'opsGetWebhookDelivery',
      summary: 'Get any account’s webhook delivery',
      description: 'One delivery of any account with the exact body sent and every attempt, as `GET /ext/webhook/deliveries/{id}` shows it.',
    },
  },
  run: async ({ scope, params }) => dataReply(await getDelivery({ scope, id: params.id })),
});

export const redeliverWebhook = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { vendor: '/ext/webhook/deliveries/{id}/redeliver', staff: '/api/staff/webhook/deliveries/{id}/redeliver' },
  pathId: 'delivery',
  ...QUEUES_DELIVERY,
  errorNotes: { invalid_state: 'No webhook is registered: register one with `POST /ext/webhook`' },
  docs: {
    vendor: {
      tag: TAGS.webhooks,
      operationId: 'redeliverWebhook',
      summary: 'Redeliver a webhook',
      description: [
        'Sends the delivery again, with the same body and `webhook-id`, to your currently registered URL.',
        'A finished delivery (`succeeded` or `failed`) becomes `pending` with a new series of attempts (retried like a new one); a `pending` one is tried now instead of after its back-off. It still waits behind earlier pending events of its dispatch, and is not sent while the endpoint is disabled.',
      ].join('\n\n'),
    },
  },
  run: async ({ scope, params }) => dataReply(await redeliver({ scope, id: params.id }), 202),
});

/** The dispatch's webhook deliveries to every endpoint of its account, with their attempts, newest first. */
export const dispatchDeliveriesOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { staff: '/api/staff/dispatches/{id}/deliveries', admin: '/api/admin/dispatches/{id}/deliveries' },
  run: async ({ scope, params, request }) => ({
    status: 200,
    body: await listDispatchDeliveries({ scope, dispatchId: params.id, page: parseQuery(PageQuerySchema, request) }),
  }),
});
