import { z } from 'zod';
import { requiredText } from '@/lib/platform/shared/validation/primitives';

/** A fleet as the console lists it, with how many drivers it has (and how many are active). */
export const FleetSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  driver_count: z.number().int(),
  active_driver_count: z.number().int(),
});
export type FleetView = z.infer<typeof FleetSchema>;

/** `POST /api/admin/fleets`: a name; the id is made up (drivers refer to it as `fleet_id`). */
export const CreateFleetBodySchema = z.object({ name: requiredText(200) });
export type CreateFleetBody = z.input<typeof CreateFleetBodySchema>;

/** `PATCH /api/admin/fleets/{id}`: rename, deactivate (with its drivers) or reactivate. */
export const UpdateFleetBodySchema = z
  .object({ name: requiredText(200).optional(), is_active: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.is_active !== undefined, 'name or is_active is required');
export type UpdateFleetBody = z.input<typeof UpdateFleetBodySchema>;

/** `GET /api/admin/fleets`: newest first, keyset-paged; `active` keeps active (or inactive) fleets. */
export const ListFleetsQuerySchema = z.object({
  active: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  cursor: z.string().max(200).optional(),
});
export type ListFleetsQuery = z.output<typeof ListFleetsQuerySchema>;
