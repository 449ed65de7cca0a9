import { z } from 'zod';
import { LifecycleStatusSchema, StatusSchema } from '@/lib/dispatch/shared/transitions/statuses';
import { LocaleTextSchema } from '@/lib/platform/shared/validation/primitives';

// What the end customer's tracking page may show, and nothing else. The domain function builds
// the view and parses it with this schema, which drops any key not named here: the schema is the
// allowlist, so a field added to the lookup by mistake never reaches the page or the JSON.

/** Tracking tokens are 24 base62 characters (lib/dispatch/server/create-dispatch.ts). */
export const TRACKING_TOKEN_PATTERN = /^[0-9A-Za-z]{24}$/;

const timestamp = z.string().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`' });

export const TrackingPointSchema = z.object({ lat: z.number(), lng: z.number() });

export const TrackingViewSchema = z.object({
  /** The restaurant's name per locale (`vendor_name`); the page shows the reader's language. */
  restaurant_name: LocaleTextSchema,
  /** The current lifecycle state as the customer knows it (the internal QA review reads as delivered). */
  state: LifecycleStatusSchema,
  /** Delivered, cancelled or refused: the page stops asking for updates. */
  is_finished: z.boolean(),
  /** The status history, oldest first: status and time only (no actors). */
  timeline: z.array(z.object({ status: StatusSchema, time: timestamp })),
  /** Coordinates only: the address lines stay with the restaurant and the driver. */
  pickup: TrackingPointSchema,
  destination: TrackingPointSchema,
  /** The assigned driver while the dispatch is under way (assigned to picked up); null otherwise. */
  driver: z
    .object({
      first_name: z.string(),
      /** Last reported position; null until the driver reports one. */
      position: TrackingPointSchema.extend({ time: timestamp }).nullable(),
    })
    .nullable(),
  /** The last estimate from the driver's position, while under way; null when there is none. */
  eta: z
    .object({
      minutes: z.int(),
      /** Where the estimate leads: the restaurant (before pickup) or the customer. */
      stop: z.enum(['pickup', 'destination']),
      /** When the estimate was made: the arrival is expected `minutes` after it. */
      time: timestamp,
    })
    .nullable(),
  /**
   * The dispatch's own plan, known before any driver or position: when a driver is expected at
   * the pickup (the dispatch engine's plan, else the food's ready time, else the time a courier
   * needs to get there), the ride from the pickup to the customer, and the least time a driver
   * not yet found needs to reach the pickup. The page's arrival time before the first estimate.
   */
  plan: z.object({ pickup_at: timestamp, travel_minutes: z.int(), approach_minutes: z.int() }),
  /** The radius, in metres, within which the driver counts as at a stop (GEOFENCE_RADIUS_M). */
  geofence_m: z.int(),
  /** The 4-digit code the customer gives the driver on delivery, while the restaurant requires one and the order is not finished; null otherwise. */
  delivery_pin: z.string().nullable(),
});

export type TrackingView = z.infer<typeof TrackingViewSchema>;
export type TrackingPoint = z.infer<typeof TrackingPointSchema>;
