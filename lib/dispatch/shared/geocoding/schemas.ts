import { z } from 'zod';

// The staff routes' query strings (GET /api/staff/geocode/search and …/reverse).

/** A decimal number as a query string writes it (no empty string, no `0x`, no exponent). */
const DECIMAL = /^-?\d{1,3}(\.\d{1,15})?$/;

const latitude = z.number().min(-90, 'must be >= -90').max(90, 'must be <= 90');
const longitude = z.number().min(-180, 'must be >= -180').max(180, 'must be <= 180');
const decimal = (range: z.ZodNumber) => z.string().regex(DECIMAL, 'must be a decimal number').transform(Number).pipe(range);

/** `near=lat,lng`: one parameter, so a half-given point cannot be sent. */
const NearSchema = z
  .string()
  .regex(/^[^,]+,[^,]+$/, 'must be "lat,lng"')
  .transform((value) => value.split(','))
  .pipe(z.tuple([decimal(latitude), decimal(longitude)]))
  .transform(([lat, lng]) => ({ lat, lng }));

/** The dashboard's two languages; a service names places in the one asked for when it can. */
const LanguageSchema = z.enum(['en', 'ar']);

export const MIN_QUERY_LENGTH = 2;
export const MAX_RESULTS = 10;

export const AddressSearchQuerySchema = z.object({
  q: z
    .string('is required')
    .trim()
    .min(MIN_QUERY_LENGTH, `must be at least ${MIN_QUERY_LENGTH} characters`)
    .max(200, 'must be at most 200 characters'),
  near: NearSchema.optional(),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(MAX_RESULTS, `must be at most ${MAX_RESULTS}`))
    .default(6),
  lang: LanguageSchema.optional(),
});

export const ReverseGeocodeQuerySchema = z.object({
  lat: decimal(latitude),
  lng: decimal(longitude),
  lang: LanguageSchema.optional(),
});
