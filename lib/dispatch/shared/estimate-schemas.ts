import { z } from 'zod';
import { dataEnvelope } from '@/lib/platform/shared/envelope';
import { AddressSchema, checkPlannedTimes, CreateDispatchFieldsSchema } from '@/lib/dispatch/shared/schemas';

export const EstimateBodySchema = z
  .object({
    pickup: AddressSchema,
    destination: AddressSchema,
    pickup_wait_time: z.int('must be an integer').min(0, 'must not be negative').max(1440).optional().meta({
      description: 'Minutes the courier will wait at the pickup point; pickup_estimated_time is never less',
    }),
    pickup_ready_at: CreateDispatchFieldsSchema.shape.pickup_ready_at,
  })
  // The same bounds as the create's (one rule): a quote for a time the create would refuse is no use.
  .superRefine((body, ctx) => checkPlannedTimes(body, ctx))
  .meta({ id: 'EstimateRequest', description: '`pickup` and `destination` are required.' });

export type EstimateBody = z.infer<typeof EstimateBodySchema>;

export const EstimateSchema = z
  .object({
    pickup_estimated_time: z.int().meta({ description: 'Minutes until the courier picks the order up' }),
    destination_estimated_time: z.int().meta({ description: 'Minutes from pickup to the destination' }),
    total_estimated_time: z.int().meta({ description: 'Minutes: pickup + destination' }),
    delivery_price: z.number().meta({ description: 'Price excluding VAT, in the tariff currency' }),
    delivery_price_text: z.string().meta({ example: '18.75 SAR' }),
    vat_price: z.number().meta({ description: 'VAT on delivery_price' }),
    vat_price_text: z.string().meta({ example: '2.81 SAR' }),
    planned_pickup_at: z.string().meta({
      description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`: when the courier would pick up (now + pickup_estimated_time, or `pickup_ready_at` if later)',
    }),
    planned_dropoff_at: z.string().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`: planned_pickup_at + destination_estimated_time' }),
  })
  .meta({ id: 'Estimate', description: 'Times are whole minutes; prices are in the account tariff currency.' });

export type Estimate = z.infer<typeof EstimateSchema>;

export const QuotedEstimateSchema = EstimateSchema.extend({
  quote_id: z.string().meta({
    description:
      'Pass to POST /ext/dispatch as `quote_id` before `quote_expires_at` to be charged these prices. An opaque, URL-safe token (about 150 characters, at most 250) that carries the quote itself, signed by the server: pass it unchanged; it is good for one dispatch',
    example: 'quo_AQJkYogpf22_2-G0AY5mg_pDDrr_ABvSFegOxEIYG9u-kAAAAAAHUwAAAAABGQNTQVIZYWNjX21pOXgyazNmMDAwMGExYjJjM2Q0ZQEeIXqUkkUyDDQVs8W5RQ8G5ReuhzWlZ29vokWDWQsw',
  }),
  quote_expires_at: z.string().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm`: 10 minutes after the estimate' }),
}).meta({
  id: 'QuotedEstimate',
  description: 'Times are whole minutes; prices are in the account tariff currency. The prices are locked for 10 minutes under `quote_id`.',
});

export type QuotedEstimate = z.infer<typeof QuotedEstimateSchema>;

export const EstimateResponseSchema = dataEnvelope(QuotedEstimateSchema).meta({ id: 'EstimateResponse' });
