import { z } from 'zod';
import { requiredText, text } from '@/lib/validation/primitives';

export const CreateDriverBodySchema = z
  .object({
    name: requiredText(200),
    phone: text(32).optional(),
    fleet_id: text(200).optional(),
  })
  .meta({ id: 'CreateDriverRequest' });

export type CreateDriverBody = z.infer<typeof CreateDriverBodySchema>;

export const DriverSchema = z
  .object({ id: z.string(), name: z.string(), phone: z.string().nullable(), fleet_id: z.string().nullable() })
  .meta({ id: 'Driver' });

export type Driver = z.infer<typeof DriverSchema>;

export const DriverResponseSchema = z.object({ data: DriverSchema }).meta({ id: 'DriverResponse' });
