import { z } from 'zod';
import { dataEnvelope, pageEnvelope } from '@/lib/platform/shared/envelope';
import { CurrencySchema, HttpUrlSchema, LocaleTextSchema, requiredText, text } from '@/lib/platform/shared/validation/primitives';
import { AddressSchema } from '@/lib/platform/shared/validation/address';
import { LifecycleStatusSchema, RefTypeSchema, StatusSchema } from '@/lib/dispatch/shared/transitions/statuses';
import { CANCEL_REASON_TEXT_MAX, CANCEL_REASONS } from '@/lib/dispatch/shared/cancel-reasons';
import { DELIVERY_FAILED, FAILURE_REASONS } from '@/lib/dispatch/shared/failure-reasons';
import { QUOTE_ID_MAX_LENGTH } from '@/lib/pricing/shared/quotes/quote-rules';

// Request and response shapes of dispatches: the single source for route handlers, forms and
// the OpenAPI document. Unknown fields are dropped (zod's default), never stored.

// A place (pickup, destination, a branch's saved pickup) is a shared primitive, below every module.
export { AddressSchema, type Address } from '@/lib/platform/shared/validation/address';

/**
 * The dashboard's destination change: the address line is required, so the driver never gets
 * bare coordinates (the page fills it by reverse lookup, or the staff member types it). The
 * vendor API keeps the spec's optional `address_line`.
 */
export const StaffDestinationSchema = AddressSchema.extend({ address_line: requiredText(1000) });

export const UserMetadataSchema = z
  .object({
    id: requiredText(200).meta({ description: 'Your unique identifier of the customer' }),
    username: text(200).optional(),
    firstName: text(200).optional(),
    lastName: text(200).optional(),
    email: z.email('must be an email address').max(320),
    phone: z
      .string()
      .regex(/^\+?[0-9][0-9 ()\-.]{2,30}$/, 'must be a phone number: digits, optionally a leading +, spaces, dashes, dots or brackets')
      .meta({ example: '+966500000000' }),
  })
  .meta({ id: 'UserMetadata', description: 'The customer receiving the delivery.' });

export const PAYMENT_TYPES = ['AMEX', 'CASH', 'VISA', 'MASTERCARD', 'MASTER'] as const;

export const OrderDetailSchema = z
  .object({
    item_name: LocaleTextSchema.optional(),
    count: z.int('must be an integer').min(1, 'must be at least 1').max(100_000).optional(),
    price: z.number().min(0, 'must not be negative').max(1e9).optional(),
  })
  .meta({ id: 'OrderDetail' });

export const VendorPayloadSchema = z
  .object({
    pickup_wait_time: z.int('must be an integer').min(0, 'must not be negative').max(1440).optional().meta({
      description: 'Minutes the courier will wait at the pickup point',
    }),
    order_price: z.number().min(0, 'must not be negative').max(1e9).optional(),
    currency: CurrencySchema.optional(),
    payment_type: z.enum(PAYMENT_TYPES).optional(),
    order_details: z.array(OrderDetailSchema).max(500).optional(),
  })
  .meta({ id: 'VendorPayload', description: 'All fields optional.' });

/** How far ahead a dispatch can be scheduled. */
export const MAX_SCHEDULE_AHEAD_MS = 7 * 24 * 60 * 60_000;
/** A planned time this far in the past still counts as "now" (clock skew, slow networks). */
export const PLANNED_TIME_SKEW_MS = 5 * 60_000;
export const DROPOFF_INSTRUCTIONS_MAX = 500;
/** A tip of at most 10,000.00 in a two-decimal currency. */
export const TIP_MAX_MINOR = 1_000_000;

const OFFSET_DATE_TIME = z.iso.datetime({ offset: true });

const plannedTime = (description: string) =>
  z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset (2024-03-22T14:30:00Z or 2024-03-22T17:30:00+03:00)' })
    .meta({ description, example: '2024-03-22T14:30:00Z' });

export const DropoffInstructionsSchema = text(DROPOFF_INSTRUCTIONS_MAX)
  .trim()
  .meta({ description: `For the driver at the door (at most ${DROPOFF_INSTRUCTIONS_MAX} characters)`, example: 'Gate code 4521, second floor, leave with the guard' });
export const ContactlessSchema = z.boolean().meta({ description: 'Leave the order at the door without meeting the customer' });
export const TipSchema = z
  .int('must be an integer')
  .min(0, 'must not be negative')
  .max(TIP_MAX_MINOR, `must be at most ${TIP_MAX_MINOR}`)
  .meta({ description: 'The customer’s tip for the driver, in minor units of the account currency (1250 = 12.50 SAR)', example: 1000 });

/** The create's fields without its cross-field rules: what forms `.pick()` from (zod refuses picking a refined object). */
export const CreateDispatchFieldsSchema = z.object({
  pickup: AddressSchema,
  destination: AddressSchema,
  user_metadata: UserMetadataSchema,
  vendor_logo_url: HttpUrlSchema.optional(),
  vendor_id: requiredText(200),
  vendor_name: LocaleTextSchema,
  vendor_oid: requiredText(200).meta({ description: 'Your order id; unique per account' }),
  vendor_sid: text(200).optional(),
  vendor_bid: requiredText(200).meta({ description: 'Your branch id' }),
  vendor_payload: VendorPayloadSchema.optional(),
  pickup_ready_at: plannedTime(
    'When the food will be ready, at most 7 days ahead: the dispatch is scheduled, and no driver is offered it before this time minus their travel time to the pickup',
  ).optional(),
  dropoff_deadline: plannedTime('When the order must be delivered by; after `pickup_ready_at` and in the future').optional(),
  quote_id: requiredText(QUOTE_ID_MAX_LENGTH)
    .optional()
    .meta({
      description:
        'A `quote_id` from POST /ext/estimate, as given (an opaque signed token), unused and unexpired: the dispatch is charged the quoted prices',
    }),
  dropoff_instructions: DropoffInstructionsSchema.optional(),
  contactless: ContactlessSchema.optional(),
  tip: TipSchema.optional(),
});

export const CreateDispatchBodySchema = CreateDispatchFieldsSchema.superRefine((body, ctx) => checkPlannedTimes(body, ctx)).meta({
  id: 'CreateDispatchRequest',
});

/** The schedule's bounds, relative to now: a planned time is not in the past nor over 7 days ahead. */
export function checkPlannedTimes(body: { pickup_ready_at?: string; dropoff_deadline?: string }, ctx: z.RefinementCtx): void {
  const now = Date.now();
  // A value that failed its own format check has said so already.
  const timeOf = (value: string | undefined) => (value !== undefined && OFFSET_DATE_TIME.safeParse(value).success ? Date.parse(value) : undefined);
  const pickup = timeOf(body.pickup_ready_at);
  const deadline = timeOf(body.dropoff_deadline);
  if (pickup !== undefined && pickup < now - PLANNED_TIME_SKEW_MS) {
    ctx.addIssue({ code: 'custom', path: ['pickup_ready_at'], message: 'must not be in the past' });
  }
  if (pickup !== undefined && pickup > now + MAX_SCHEDULE_AHEAD_MS) {
    ctx.addIssue({ code: 'custom', path: ['pickup_ready_at'], message: 'must be at most 7 days ahead' });
  }
  if (deadline !== undefined && deadline <= now) {
    ctx.addIssue({ code: 'custom', path: ['dropoff_deadline'], message: 'must be in the future' });
  }
  if (deadline !== undefined && deadline > now + MAX_SCHEDULE_AHEAD_MS + 24 * 60 * 60_000) {
    ctx.addIssue({ code: 'custom', path: ['dropoff_deadline'], message: 'must be at most 8 days ahead' });
  }
  if (pickup !== undefined && deadline !== undefined && deadline <= pickup) {
    ctx.addIssue({ code: 'custom', path: ['dropoff_deadline'], message: 'must be after pickup_ready_at' });
  }
}

export type CreateDispatchBody = z.infer<typeof CreateDispatchBodySchema>;

export const StatusEntrySchema = z
  .object({
    status: StatusSchema,
    status_captured_time: z.string().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`', example: '2024-03-22 14:05:09.123' }),
    ref_id: z.string(),
    ref_type: RefTypeSchema,
  })
  .meta({ id: 'StatusEntry' });

export type StatusEntry = z.infer<typeof StatusEntrySchema>;

export const CancelReasonSchema = z.enum(CANCEL_REASONS).meta({
  id: 'CancelReason',
  description: [
    'Why the dispatch is cancelled:',
    '- `customer_cancelled`: the customer called the order off;',
    '- `kitchen_cannot_prepare`: the kitchen cannot make it (out of stock, closing);',
    '- `duplicate_order`: the same order was dispatched twice;',
    '- `address_problem`: the destination is wrong, unreachable or outside the area;',
    '- `other`: anything else, explained in `reason_text` (required with `other`).',
  ].join('\n'),
});

export const CancelDispatchBodySchema = z
  .object({
    reason: CancelReasonSchema,
    reason_text: text(CANCEL_REASON_TEXT_MAX)
      .trim()
      .optional()
      .meta({ description: `Free text for people (at most ${CANCEL_REASON_TEXT_MAX} characters); required when \`reason\` is \`other\`` }),
  })
  .refine((body) => body.reason !== 'other' || Boolean(body.reason_text), {
    path: ['reason_text'],
    message: 'is required when reason is "other"',
  })
  .meta({ id: 'CancelDispatchRequest', example: { reason: 'customer_cancelled', reason_text: 'Customer called: ordered by mistake' } });

export type CancelDispatchBody = z.infer<typeof CancelDispatchBodySchema>;

export const CancellationSchema = z
  .object({
    reason: z
      .union([CancelReasonSchema, z.literal(DELIVERY_FAILED)])
      .nullable()
      .meta({
        description:
          'Null when the dispatch was cancelled without a reason: by an operator’s status change, or before reasons existed; `delivery_failed` when the driver could not deliver (see `failure`)',
      }),
    reason_text: z.string().nullable(),
    by: z
      .object({ ref_type: RefTypeSchema, ref_id: z.string() })
      .meta({ description: 'Who cancelled, as the `cancelled` status entry names them (`vendor`: your API key’s account id, or your staff member’s user id)' }),
    at: z.string().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`: the `cancelled` status entry’s time' }),
    failure: z
      .object({
        reason: z.enum(FAILURE_REASONS).meta({ description: '`customer_unreachable`, `wrong_address` or `refused`' }),
        note: z.string().nullable().meta({ description: 'The driver’s own words' }),
      })
      .nullable()
      .meta({
        description:
          'A failed delivery (reason `delivery_failed`: the driver had picked the order up and could not hand it over), as the driver reported it; their photo, if any, is `media_url.failure_photo`. Null for any other cancellation',
      }),
  })
  .meta({
    id: 'Cancellation',
    description: 'Present (not null) exactly when the dispatch is cancelled.',
    example: {
      reason: 'customer_cancelled',
      reason_text: 'Customer called: ordered by mistake',
      by: { ref_type: 'vendor', ref_id: 'acc_mi9x2k3f0000a1b2c3d4e' },
      at: '2024-03-22 14:07:41.512',
      failure: null,
    },
  });

export type Cancellation = z.infer<typeof CancellationSchema>;

const PriceFieldsSchema = z.object({
  delivery_price: z.number().meta({ description: 'Price excluding VAT, in `currency`' }),
  delivery_price_text: z.string().meta({ example: '18.75 SAR' }),
  vat_price: z.number().meta({ description: 'VAT on delivery_price' }),
  vat_price_text: z.string().meta({ example: '2.81 SAR' }),
  total_price: z.number().meta({ description: 'delivery_price + vat_price' }),
  total_price_text: z.string().meta({ example: '21.56 SAR' }),
});

export const PricingSchema = PriceFieldsSchema.extend({
  currency: z.string().meta({ description: 'ISO 4217 code of the account tariff', example: 'SAR' }),
  quote_id: z.string().nullable().meta({ description: 'The quote the dispatch was created with; null when priced at creation' }),
  previous: PriceFieldsSchema.nullable().meta({
    description: 'The price before the last destination change repriced the dispatch; null if it never was',
  }),
}).meta({
  id: 'Pricing',
  description:
    'What the delivery costs you: the quoted price when created with a `quote_id`, otherwise the account tariff’s price at creation. A destination change reprices it by the same tariff and keeps the price before in `previous`.',
  example: {
    delivery_price: 18.75,
    delivery_price_text: '18.75 SAR',
    vat_price: 2.81,
    vat_price_text: '2.81 SAR',
    total_price: 21.56,
    total_price_text: '21.56 SAR',
    currency: 'SAR',
    quote_id: 'quo_AQJkYogpf22_2-G0AY5mg_pDDrr_ABvSFegOxEIYG9u-kAAAAAAHUwAAAAABGQNTQVIZYWNjX21pOXgyazNmMDAwMGExYjJjM2Q0ZQEeIXqUkkUyDDQVs8W5RQ8G5ReuhzWlZ29vokWDWQsw',
    previous: null,
  },
});

export type Pricing = z.infer<typeof PricingSchema>;
export type PriceFields = z.infer<typeof PriceFieldsSchema>;

export const DispatchRecordSchema = z
  .object({
    id: z.string().meta({ example: 'dsp_mi9x2k3f0000a1b2c3d4e' }),
    created_at: z.string().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`' }),
    modified_at: z.string().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`' }),
    r_id: z.string().meta({ description: 'Short readable code', example: '7KQ3M9XD' }),
    assigned_driver_id: z.string().nullable(),
    pickup: AddressSchema,
    destination: AddressSchema,
    user_metadata: UserMetadataSchema,
    vendor_logo_url: z.string().nullable(),
    vendor_id: z.string(),
    vendor_name: LocaleTextSchema,
    vendor_oid: z.string(),
    vendor_sid: z.string().nullable(),
    vendor_bid: z.string(),
    media_url: z.record(z.string(), z.string()).nullable().meta({ description: 'Photos or videos taken by the driver on delivery' }),
    vendor_payload: VendorPayloadSchema.nullable(),
    status: z.array(StatusEntrySchema).meta({ description: 'Status history, oldest first; the last lifecycle entry is the current state' }),
    tracking_url: z
      .string()
      .nullable()
      .meta({
        description:
          'The end customer’s tracking page (driver on a map, ETA, timeline; no personal data). Unguessable; share it with the customer. Null only for dispatches created before tracking existed.',
      }),
    cancellation: CancellationSchema.nullable().meta({ description: 'Why, by whom and when the dispatch was cancelled; null unless it is cancelled' }),
    ready_at: z.string().nullable().meta({
      description:
        'UTC, `YYYY-MM-DD HH:MM:SS.mmm`: when you said the food is ready (POST /ext/dispatch/{id}/ready); null until then. Said before a driver accepted, `ready_for_pickup` is recorded right after the driver’s `accepted`',
    }),
    pickup_ready_at: z.string().nullable().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`: the planned pickup of a scheduled dispatch' }),
    dropoff_deadline: z.string().nullable().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`: when the order must be delivered by' }),
    pricing: PricingSchema.nullable().meta({ description: 'What the delivery costs you; null only for dispatches created before prices were kept' }),
    dropoff_instructions: z.string().nullable(),
    contactless: z.boolean(),
    tip: z.int().nullable().meta({ description: 'Minor units of the account currency' }),
    expected_pickup_at: z.string().nullable().meta({
      description:
        'UTC, `YYYY-MM-DD HH:MM:SS.mmm`: when the assigned driver is expected at the pickup, as the dispatch engine planned it (set when the driver accepts, updated while they head there); null without a driver from the engine',
    }),
    trip: z
      .object({
        id: z.string().meta({ description: 'The trip: one driver, one pickup, its dispatches delivered in order' }),
        position: z.int().nullable().meta({ description: 'This dispatch’s drop-off among the trip’s, 0 first' }),
      })
      .nullable()
      .meta({ description: 'The bundle the dispatch travels in once a driver accepted it (alone, a trip of one); null before' }),
    current_status: LifecycleStatusSchema.meta({
      description:
        'Where the dispatch is in its lifecycle now. The `status` history also holds the markers `near_pickup` and `near_destination`, so its last entry is not always the current status; this field is.',
    }),
    pin_checked_at: z.string().nullable().meta({
      description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`: when the driver delivered with the customer’s delivery PIN, checked; null otherwise',
    }),
    cash_collected: z.number().nullable().meta({
      description:
        'Cash on delivery (`vendor_payload.payment_type` CASH): the amount the driver confirmed collecting, in `vendor_payload.currency`; null until a cash order is delivered',
    }),
  })
  .meta({ id: 'Dispatch', description: 'Optional fields the client did not send are null.' });

export type DispatchRecord = z.infer<typeof DispatchRecordSchema>;

export const CreatedDispatchSchema = dataEnvelope(z.object({ id: z.string() })).meta({ id: 'CreatedDispatch' });
export const DispatchResponseSchema = dataEnvelope(DispatchRecordSchema).meta({ id: 'DispatchResponse' });
export const DispatchListResponseSchema = pageEnvelope(DispatchRecordSchema).meta({ id: 'DispatchList' });

export const UpdateDropoffBodySchema = z
  .object({
    dropoff_instructions: DropoffInstructionsSchema.nullable().optional().meta({ description: 'New instructions; null removes them' }),
    contactless: ContactlessSchema.optional(),
    tip: TipSchema.nullable().optional().meta({ description: 'New tip in minor units; null removes it' }),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'must name at least one of dropoff_instructions, contactless, tip',
  })
  .meta({
    id: 'UpdateDropoffRequest',
    description: 'Changes the drop-off details until the driver has picked the order up; fields left out stay as they are.',
    example: { dropoff_instructions: 'Call on arrival, the bell is broken', contactless: true, tip: 1500 },
  });

export type UpdateDropoffBody = z.infer<typeof UpdateDropoffBodySchema>;

export const AssignDriverBodySchema = z
  .object({
    driver_id: requiredText(200),
    ref_id: text(200).optional(),
    ref_type: RefTypeSchema.optional(),
  })
  .meta({ id: 'AssignDriverRequest', description: 'The history entry is recorded as ref_type/ref_id (default admin/ops).' });

/** The driver's photos or videos of a delivery, by name (`{ "door": "https://…" }`). */
export const MediaUrlSchema = z
  .record(requiredText(100), HttpUrlSchema)
  .refine((media) => Object.keys(media).length <= 20, 'must name at most 20 files')
  .meta({ id: 'MediaUrl', description: 'Photos or videos taken by the driver, by name; shown in the record as `media_url`' });

export const ChangeStatusBodySchema = z
  .object({
    status: StatusSchema,
    ref_id: text(200).optional(),
    ref_type: RefTypeSchema.optional(),
    media_url: MediaUrlSchema.optional().meta({
      description: 'Proof of delivery sent with the status (typically `delivered`): replaces the dispatch’s `media_url`',
    }),
  })
  .meta({ id: 'ChangeStatusRequest', description: 'The history entry is recorded as ref_type/ref_id (default admin/ops).' });
