import { z } from 'zod';
import { dataEnvelope, pageEnvelope } from '@/lib/platform/shared/envelope';
import { PageQuerySchema } from '@/lib/platform/shared/paging/page-query';
import { EVENT_TYPES } from '@/lib/dispatch/shared/events';
import { HttpUrlSchema, requiredText, text } from '@/lib/platform/shared/validation/primitives';

export const RegisterWebhookBodySchema = z
  .object({
    webhook: HttpUrlSchema.meta({
      description: 'URL that receives signed POST callbacks; it must answer the registration ping with HTTP 200',
      example: 'https://example.com/hooks/dispatch',
    }),
  })
  .meta({ id: 'RegisterWebhookRequest' });

const timestamp = (description: string) =>
  z.string().nullable().meta({ description: `${description} (UTC, \`YYYY-MM-DD HH:MM:SS.mmm\`)` });

export const WEBHOOK_EVENT_TYPES = [...EVENT_TYPES, 'webhook.ping'] as const;
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    status: z.enum(['active', 'disabled']).meta({
      description: '`disabled` after continuous failure: new deliveries wait as pending until it is enabled again',
    }),
    disabled_at: timestamp('When it was disabled'),
    disabled_reason: z.string().nullable(),
    failing_since: timestamp('First failed attempt since the last success; null while healthy'),
    last_success_at: timestamp('Last successful delivery (to the second)'),
    last_failure_at: timestamp('Last failed attempt'),
    pending_deliveries: z.number().int().meta({ description: 'Deliveries waiting to be sent or retried' }),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

export type WebhookEndpointView = z.infer<typeof WebhookEndpointSchema>;

export const WebhookAttemptSchema = z
  .object({
    number: z.number().int().meta({ description: '1 for the first attempt; counts across manual redeliveries' }),
    started_at: z.string(),
    status_code: z.number().int().nullable().meta({ description: 'HTTP status; null when no response arrived' }),
    latency_ms: z.number().int(),
    response_snippet: z.string().meta({ description: 'The first 1,024 bytes of the response body' }),
    error: z.string().nullable().meta({ description: 'Why the attempt failed (timeout, connection error, refused address, HTTP status)' }),
  })
  .meta({ id: 'WebhookAttempt' });

export type WebhookAttemptView = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    event_id: z.string().meta({ description: 'The body\'s `id` and the `webhook-id` header: the same on every attempt' }),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    dispatch_id: z.string().nullable(),
    sequence: z.number().int().nullable().meta({ description: 'Per-dispatch event order' }),
    url: z.string().meta({ description: 'The endpoint it goes to' }),
    status: z.enum(DELIVERY_STATUSES),
    held: z.boolean().meta({
      description: 'Pending behind an earlier pending event of the same dispatch: it is sent once that one succeeds or fails',
    }),
    attempt_count: z.number().int(),
    next_attempt_at: timestamp('When it is tried next (pending and not held only)'),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    completed_at: timestamp('When it succeeded or was given up'),
  })
  .meta({ id: 'WebhookDelivery' });

export type WebhookDeliveryView = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryDetailSchema = WebhookDeliverySchema.extend({
  body: z.string().meta({ description: 'The exact JSON body sent and signed on every attempt' }),
  attempts: z.array(WebhookAttemptSchema).meta({ description: 'Oldest first' }),
}).meta({ id: 'WebhookDeliveryDetail' });

export type WebhookDeliveryDetailView = z.infer<typeof WebhookDeliveryDetailSchema>;

export const DeliveryListQuerySchema = PageQuerySchema.extend({
  event_type: z.enum(WEBHOOK_EVENT_TYPES).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  dispatch_id: text(200).optional(),
});

export type DeliveryListQuery = z.infer<typeof DeliveryListQuerySchema>;

export const WebhookEndpointResponseSchema = dataEnvelope(WebhookEndpointSchema).meta({ id: 'WebhookEndpointResponse' });
export const WebhookDeliveryResponseSchema = dataEnvelope(WebhookDeliverySchema).meta({ id: 'WebhookDeliveryResponse' });
export const WebhookDeliveryDetailResponseSchema = dataEnvelope(WebhookDeliveryDetailSchema).meta({ id: 'WebhookDeliveryDetailResponse' });
export const WebhookDeliveryListResponseSchema = pageEnvelope(WebhookDeliverySchema).meta({ id: 'WebhookDeliveryList' });

export const RotatedSecretResponseSchema = z
  .object({
    data: z.object({
      webhook_secret: z.string().meta({ description: 'The new `whsec_` secret; shown once' }),
      previous_secret_expires_at: z.string().meta({
        description: 'Until then deliveries carry a signature with the old secret too (UTC, `YYYY-MM-DD HH:MM:SS.mmm`)',
      }),
    }),
  })
  .meta({ id: 'RotatedSecret' });

/** The dashboard's view of one dispatch's deliveries: each with its attempts (no body). */
export const DispatchDeliverySchema = WebhookDeliverySchema.extend({
  attempts: z.array(WebhookAttemptSchema).meta({ description: 'Oldest first' }),
}).meta({ id: 'DispatchDelivery' });

export type DispatchDeliveryView = z.infer<typeof DispatchDeliverySchema>;

export const DispatchDeliveryListResponseSchema = z
  .object({
    data: z.array(DispatchDeliverySchema),
    next_cursor: z.string().nullable(),
    webhook: WebhookEndpointSchema.nullable().meta({ description: "The account's current endpoint; null when none is registered" }),
  })
  .meta({ id: 'DispatchDeliveryList' });

export type DispatchDeliveryList = z.infer<typeof DispatchDeliveryListResponseSchema>;

/** The console's pause of an account's endpoint: why, for the vendor and the next admin. */
export const DisableWebhookBodySchema = z.object({ reason: requiredText(500) });
export type DisableWebhookBody = z.input<typeof DisableWebhookBodySchema>;
