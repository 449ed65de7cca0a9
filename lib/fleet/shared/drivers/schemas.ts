import { z } from 'zod';
import { dataEnvelope } from '@/lib/platform/shared/envelope';
import { AddressSchema } from '@/lib/dispatch/shared/schemas';
import { requiredText, text } from '@/lib/platform/shared/validation/primitives';

export const CreateDriverBodySchema = z
  .object({
    name: requiredText(200),
    phone: text(32).optional(),
    fleet_id: text(200).optional(),
    on_duty: z
      .boolean()
      .optional()
      .meta({ description: 'Whether the driver starts on duty (offered work once they report a fresh position). Default false: a driver goes on duty in the driver app.' }),
  })
  .meta({ id: 'CreateDriverRequest' });

export type CreateDriverBody = z.infer<typeof CreateDriverBodySchema>;

export const DriverSchema = z
  .object({ id: z.string(), name: z.string(), phone: z.string().nullable(), fleet_id: z.string().nullable() })
  .meta({ id: 'Driver' });

export type Driver = z.infer<typeof DriverSchema>;

export const DriverResponseSchema = dataEnvelope(DriverSchema).meta({ id: 'DriverResponse' });

/** `POST /api/ops/drivers/{id}/location`: where the driver is now. */
export const DriverLocationBodySchema = AddressSchema.pick({ lat: true, lng: true }).meta({ id: 'DriverLocationRequest' });
export type DriverLocationBody = z.infer<typeof DriverLocationBodySchema>;

export const ETA_STOPS = ['pickup', 'destination'] as const;
export type EtaStop = (typeof ETA_STOPS)[number];

/** What one position did to one of the driver's active dispatches. */
export const PositionEffectSchema = z.object({
  dispatch_id: z.string(),
  state: z.string().meta({ description: 'The dispatch’s lifecycle state' }),
  stop: z.enum(ETA_STOPS).meta({ description: 'Where the driver is heading for this dispatch' }),
  distance_m: z.number().int().meta({ description: 'Straight-line distance to that stop, metres' }),
  eta_minutes: z.number().int().meta({ description: 'Estimated minutes to that stop' }),
  recorded: z.array(z.enum(['near_pickup', 'near_destination'])).meta({ description: 'Geofence statuses this position appended (each at most once per dispatch)' }),
  eta_announced: z.boolean().meta({ description: 'Whether this position announced `dispatch.eta_updated`' }),
});

export const DriverPositionSchema = z
  .object({
    driver_id: z.string(),
    lat: z.number(),
    lng: z.number(),
    recorded_at: z.string().meta({ description: 'ISO 8601, UTC' }),
    dispatches: z.array(PositionEffectSchema).meta({ description: 'The driver’s active dispatches and what this position changed on them' }),
  })
  .meta({ id: 'DriverPosition' });
export type DriverPosition = z.infer<typeof DriverPositionSchema>;

/** A driver's last reported position (POST /api/ops/drivers/{id}/location). */
export const LastPositionSchema = z.object({ lat: z.number(), lng: z.number(), at: z.string() });

/** A driver as the admin console shows them: status, fleet, sandbox owner, last position. */
export const AdminDriverSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  on_duty: z.boolean().meta({ description: 'On duty in the driver app: offered dispatches and sharing their position' }),
  created_at: z.string(),
  fleet: z.object({ id: z.string(), name: z.string(), is_active: z.boolean() }).nullable(),
  /** Set on the sandbox's simulated drivers: the one account whose dispatches they carry. */
  sandbox_account: z.object({ id: z.string(), name: z.string() }).nullable(),
  last_position: LastPositionSchema.nullable(),
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

/** `PATCH /api/admin/drivers/{id}`: any of name, phone, fleet (null: none), active, on duty. */
export const UpdateDriverBodySchema = z
  .object({
    name: requiredText(200).optional(),
    phone: text(32).trim().nullable().optional(),
    fleet_id: text(200).nullable().optional(),
    is_active: z.boolean().optional(),
    on_duty: z
      .boolean()
      .optional()
      .meta({ description: 'On or off duty, as the driver app’s switch sets it; going off duty declines the driver’s open offer' }),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'name, phone, fleet_id, is_active or on_duty is required');
export type UpdateDriverBody = z.input<typeof UpdateDriverBodySchema>;

/**
 * The driver of a dispatch as the dispatch page shows them (`GET /api/staff/drivers/{id}`,
 * `GET /api/admin/dispatches/{id}/driver`): who, and where they last reported themselves. The
 * position is null until they report one, and whenever they are not on duty for the dispatch
 * (the console) or for any of the account's dispatches (staff): a restaurant does not follow
 * a courier who no longer carries its orders. Internal: the public `Driver` stays as it is.
 */
export const DispatchDriverSchema = DriverSchema.extend({ last_position: LastPositionSchema.nullable() });
export type DispatchDriver = z.infer<typeof DispatchDriverSchema>;

/**
 * The ETA last announced for a dispatch (`dispatch.eta_updated`): about `minutes` from `at` to its
 * next `stop`. `GET /api/staff/dispatches/{id}/eta` and `/api/admin/dispatches/{id}/eta` answer
 * null while none stands: off duty, none announced yet, or one to the pickup once picked up.
 */
export const DispatchEtaSchema = z.object({ minutes: z.number().int(), stop: z.enum(ETA_STOPS), at: z.string() });
export type DispatchEta = z.infer<typeof DispatchEtaSchema>;

/** `PUT /api/driver/duty`: the driver app's on-duty switch. */
export const DriverDutyBodySchema = z.object({ on_duty: z.boolean() }).meta({ id: 'DriverDutyRequest' });
export type DriverDutyBody = z.infer<typeof DriverDutyBodySchema>;

export const DriverDutySchema = z.object({
  on_duty: z.boolean(),
  duty_changed_at: z.string().nullable().meta({ description: 'ISO 8601: when the driver last went on or off duty' }),
});
export type DriverDuty = z.infer<typeof DriverDutySchema>;

/** The signed-in driver as the driver app shows them (`GET /api/driver/me`); times ISO 8601. */
export const DriverProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  on_duty: z.boolean(),
  duty_changed_at: z.string().nullable(),
  last_position_at: z.string().nullable(),
});
export type DriverProfile = z.infer<typeof DriverProfileSchema>;
