import { z } from 'zod';
import { ProofOfDeliverySchema } from '@/lib/accounts/shared/proof-of-delivery-schemas';
import { StatusEntrySchema } from '@/lib/dispatch/shared/schemas';
import { FAILURE_NOTE_MAX, FAILURE_REASONS } from '@/lib/dispatch/shared/failure-reasons';
import { MediaKindSchema } from '@/lib/dispatch/server/media/schemas';
import { text } from '@/lib/platform/shared/validation/primitives';

// The driver app's jobs: the dispatches assigned to the driver, as the app shows them, and what
// the driver sends about them (docs/driver-app.md).

/** `?locale=` of the job routes: the order items' and the restaurant's language (vendor_name, item_name). */
export const DriverJobQuerySchema = z.object({ locale: z.enum(['en', 'ar']).optional() });
export type DriverJobLocale = NonNullable<z.infer<typeof DriverJobQuerySchema>['locale']>;

const PlaceSchema = z.object({ lat: z.number(), lng: z.number(), address_line: z.string().nullable() });
const MoneySchema = z.object({ amount_minor: z.int(), currency: z.string() });
const timestamp = z.string().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`' });

export const JobSummarySchema = z.object({
  id: z.string(),
  r_id: z.string(),
  state: z.string(),
  /** The restaurant's name (`vendor_name`) in the asked language. */
  restaurant: z.string(),
  pickup: PlaceSchema,
  /** The customer's door: null once the job is finished (delivered, reviewed or cancelled). */
  destination: PlaceSchema.nullable(),
  updated_at: timestamp,
  /** The trip (bundle) the dispatch engine gave the driver this job in; null for a job assigned by hand. */
  trip: z
    .object({
      id: z.string(),
      position: z.int().meta({ description: 'This job’s drop-off among the trip’s, 0 first' }),
      size: z.int().meta({ description: 'How many dispatches the trip carries' }),
      kind: z.enum(['final', 'commit']).meta({ description: '`commit`: the driver was sent ahead to the pickup to wait for the food' }),
      ready_at: timestamp.meta({ description: 'When the food is expected to be ready, as the engine last planned it' }),
      expected_pickup_at: timestamp.nullable(),
      waiting: z.boolean().meta({ description: 'Sent ahead, and the food is not ready yet: the driver waits at the pickup until `ready_at`' }),
    })
    .nullable(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

export const JobSchema = JobSummarySchema.extend({
  /** The buttons: the transition table's next statuses a driver records (driverNextStatuses). */
  next_statuses: z.array(z.string()),
  order: z
    .object({
      items: z.array(z.object({ name: z.string(), count: z.int() })),
      total: z.number().nullable(),
      currency: z.string().nullable(),
      payment_type: z.string().nullable(),
    })
    .nullable(),
  /** While the dispatch is on duty for the driver (assigned … picked_up); null after. */
  customer: z.object({ first_name: z.string().nullable(), phone: z.string() }).nullable(),
  /** While the dispatch is on duty for the driver; null after, like `customer` (gate codes stay with the job). */
  dropoff_instructions: z.string().nullable(),
  contactless: z.boolean(),
  tip: MoneySchema.nullable(),
  proof_required: ProofOfDeliverySchema,
  media: z.array(z.object({ id: z.string(), kind: MediaKindSchema, url: z.string() })),
  status: z.array(StatusEntrySchema),
});
export type Job = z.infer<typeof JobSchema>;

/** `POST /api/driver/jobs/{id}/status`: the statuses the driver records with a tap (delivery has its own route). */
export const DriverStatusBodySchema = z.object({ status: z.enum(['accepted', 'picked_up']) });

/** `POST /api/driver/jobs/{id}/deliver`: the customer's PIN when the account requires one, the cash collected on a cash order. */
export const DeliverBodySchema = z.object({
  pin: z.string().regex(/^\d{4}$/, 'must be the 4 digits the customer was shown').optional(),
  /** Cash on delivery: what the driver collected, in the order's currency (required for a cash order). */
  cash_collected: z
    .number('must be a number')
    .min(0, 'must not be negative')
    .max(1e9, 'must be at most 1000000000')
    .refine((value) => Math.round(value * 1000) === value * 1000, 'must have at most 3 decimals')
    .optional(),
});

/** `POST /api/driver/jobs/{id}/fail`: why the delivery failed. */
export const FailBodySchema = z.object({
  reason: z.enum(FAILURE_REASONS),
  note: text(FAILURE_NOTE_MAX).trim().optional(),
});

/** The most positions one request carries (the app batches what it queued offline). */
export const MAX_POSITIONS_PER_BATCH = 50;

export const DriverPositionInputSchema = z.object({
  lat: z.number().min(-90, 'must be >= -90').max(90, 'must be <= 90'),
  lng: z.number().min(-180, 'must be >= -180').max(180, 'must be <= 180'),
  accuracy_m: z
    .number()
    .min(0, 'must not be negative')
    .max(100_000)
    .optional()
    .meta({
      description:
        'The fix’s accuracy radius in metres (the browser’s `coords.accuracy`). A fix less precise than the geofence radius (GEOFENCE_RADIUS_M, 200 m) still moves the driver and the ETA, but never records near_pickup or near_destination: a cell-tower fix must not announce a driver at the door',
    }),
  at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time (2024-03-22T14:30:00Z)' }),
});

/** `POST /api/driver/positions`: oldest first. */
export const DriverPositionsBodySchema = z.object({
  positions: z
    .array(DriverPositionInputSchema)
    .min(1, 'must hold at least one position')
    .max(MAX_POSITIONS_PER_BATCH, `must hold at most ${MAX_POSITIONS_PER_BATCH} positions`),
});
