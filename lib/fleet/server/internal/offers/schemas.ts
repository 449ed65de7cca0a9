import { z } from 'zod';

/** What became of an offer: open (`pending`) until the driver answers, it times out, or the dispatch goes elsewhere. */
export const OFFER_STATES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

const StopSchema = z.object({ lat: z.number(), lng: z.number(), address_line: z.string().nullable() });

/**
 * An open offer as the driver app shows it: where to, how far, until when. Times are ISO 8601
 * (UTC, with `Z`) so the phone's countdown reads them without guessing a zone.
 */
export const OfferSchema = z
  .object({
    id: z.string(),
    dispatch_id: z.string(),
    r_id: z.string(),
    expires_at: z.string().meta({ description: 'ISO 8601; the offer closes then' }),
    expires_in_ms: z.int().min(0).meta({
      description: 'Milliseconds the offer had left when this answer was made: a countdown started when the answer arrives is right however far off the phone’s clock is',
    }),
    created_at: z.string(),
    restaurant: z.string(),
    pickup: StopSchema,
    destination: StopSchema,
    pickup_distance_km: z.number().nullable().meta({ description: 'From the driver’s last position, by road (estimated); null without a position' }),
    trip_km: z.number().meta({ description: 'Pickup to destination, by road (estimated)' }),
    tip: z.object({ amount_minor: z.int(), currency: z.string() }).nullable(),
    trip: z
      .object({
        id: z.string(),
        kind: z.enum(['final', 'commit']).meta({ description: '`commit`: go to the restaurant now and wait there for the food' }),
        ready_at: z.string().meta({ description: 'ISO 8601: when the food is expected to be ready' }),
        arrive_at: z.string().meta({ description: 'ISO 8601: when the driver would reach the pickup, as planned' }),
        extends_trip: z.boolean().meta({ description: 'True: these orders join the trip the driver is on (same restaurant)' }),
        dispatches: z
          .array(z.object({ dispatch_id: z.string(), r_id: z.string(), destination: StopSchema, trip_km: z.number() }))
          .meta({ description: 'The offered dispatches, in drop-off order (the first is `dispatch_id` above)' }),
      })
      .meta({ description: 'The trip the offer is: one pickup, its drop-offs in order; accepting takes them all' }),
  })
  .meta({ id: 'DriverOffer' });
export type Offer = z.infer<typeof OfferSchema>;

/** `POST /api/driver/offers/{id}/decline`. */
export const DeclinedOfferSchema = z.object({ id: z.string(), state: z.literal('declined') });
export type DeclinedOffer = z.infer<typeof DeclinedOfferSchema>;
