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

/** A driver's last reported position (POST /api/ops/drivers/{id}/location). */
export const DriverPositionSchema = z.object({ lat: z.number(), lng: z.number(), at: z.string() });
export type DriverPositionView = z.infer<typeof DriverPositionSchema>;

/** A driver as the admin console shows them: status, fleet, sandbox owner, last position. */
export const AdminDriverSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  fleet: z.object({ id: z.string(), name: z.string(), is_active: z.boolean() }).nullable(),
  /** Set on the sandbox's simulated drivers: the one account whose dispatches they carry. */
  sandbox_account: z.object({ id: z.string(), name: z.string() }).nullable(),
  last_position: DriverPositionSchema.nullable(),
});
export type AdminDriver = z.infer<typeof AdminDriverSchema>;

/** `GET /api/admin/drivers`: newest first; `q` matches name, phone or id; by fleet; active or not. */
export const ListDriversQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  fleet: z.string().max(200).optional(),
  active: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type ListDriversQuery = z.output<typeof ListDriversQuerySchema>;

/** `PATCH /api/admin/drivers/{id}`: any of name, phone, fleet (null: none), active. */
export const UpdateDriverBodySchema = z
  .object({
    name: requiredText(200).optional(),
    phone: text(32).trim().nullable().optional(),
    fleet_id: text(200).nullable().optional(),
    is_active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'name, phone, fleet_id or is_active is required');
export type UpdateDriverBody = z.input<typeof UpdateDriverBodySchema>;
