import { z } from 'zod';

// A field left out is "is required", not zod's "expected string, received undefined": the error
// says what to do. (Schema-level messages take precedence; the URL schema below handles it too.)
z.config({ customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined) });

// PostgreSQL text cannot hold NUL characters; refusing them here keeps them a 400, not a 500.
const NO_NUL = /^[^\u0000]*$/;

/** A string of at most `max` characters without NUL characters. */
export function text(max: number) {
  return z.string().max(max, `must be at most ${max} characters`).regex(NO_NUL, 'must not contain NUL characters');
}

/** A required, non-blank string of at most `max` characters. */
export function requiredText(max: number) {
  return text(max).trim().min(1, 'must not be empty');
}

/** Lowercase `<language>-<region>` tags such as `en-us` or `ar-sa` (spec: locale text object). */
export const LOCALE_TAG = /^[a-z]{2,3}-[a-z0-9]{2,4}$/;

export const LocaleTextSchema = z
  .record(z.string().regex(LOCALE_TAG, 'locale keys must look like "en-us" (lowercase language-region)'), text(500))
  .refine((value) => Object.keys(value).length > 0, 'must name at least one locale')
  .meta({
    id: 'LocaleText',
    description: 'Text per locale: keys are lowercase `<language>-<region>` tags, values strings.',
    example: { 'en-us': 'Burger House', 'ar-sa': 'بيت البرجر' },
  });

let currencies: Set<string> | undefined;

/** ISO 4217 codes known to the runtime's Intl data. */
export function isIsoCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

export const CurrencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as SAR')
  .refine(isIsoCurrency, 'is not an ISO 4217 currency code')
  .meta({ description: 'ISO 4217 three-letter currency code', example: 'SAR' });

export const HttpUrlSchema = z
  .url({ protocol: /^https?$/, error: (issue) => (issue.input === undefined ? 'is required' : 'must be an http(s) URL') })
  .max(2048, 'must be at most 2048 characters');
