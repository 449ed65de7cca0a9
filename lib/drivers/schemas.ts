import { z } from 'zod';
import { AddressSchema } from '@/lib/dispatches/schemas';
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
