import { z } from 'zod';
import { text } from '@/lib/platform/shared/validation/primitives';

/** A place: a pickup, a destination, a branch's saved pickup. Coordinates are required; the rest helps people. */
export const AddressSchema = z
  .object({
    ref_id: text(200).optional().meta({ description: 'Your identifier of this address' }),
    lat: z.number().min(-90, 'must be >= -90').max(90, 'must be <= 90').meta({ description: 'Latitude (WGS 84)' }),
    lng: z.number().min(-180, 'must be >= -180').max(180, 'must be <= 180').meta({ description: 'Longitude (WGS 84)' }),
    address_line: text(1000).optional().meta({ description: 'Free-text address' }),
  })
  .meta({ id: 'Address', example: { lat: 24.7136, lng: 46.6753, address_line: 'King Fahd Rd, Riyadh' } });

export type Address = z.infer<typeof AddressSchema>;
