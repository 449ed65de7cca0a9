import { z } from 'zod';
import { AddressSchema } from '@/lib/dispatches/schemas';

export const EstimateBodySchema = z
  .object({
    pickup: AddressSchema,
    destination: AddressSchema,
    pickup_wait_time: z.int('must be an integer').min(0, 'must not be negative').max(1440).optional().meta({
      description: 'Minutes the courier will wait at the pickup point; pickup_estimated_time is never less',
    }),
  })
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
  })
  .meta({ id: 'Estimate', description: 'Times are whole minutes; prices are in the account tariff currency.' });

export type Estimate = z.infer<typeof EstimateSchema>;

export const EstimateResponseSchema = z.object({ data: EstimateSchema }).meta({ id: 'EstimateResponse' });
