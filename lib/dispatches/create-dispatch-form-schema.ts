import { z } from 'zod';
import { CreateDispatchFieldsSchema, OrderDetailSchema, VendorPayloadSchema, type CreateDispatchBody } from '@/lib/dispatches/schemas';
import { LocaleTextSchema, requiredText, text } from '@/lib/validation/primitives';

// The dashboard's New dispatch form, derived from the API's create schema (STYLE.md §8) so a
// field error in the browser is the one the API would answer. Only the shape of the two
// locale-text fields differs: the form edits them as an English and an Arabic input.

/** English required, Arabic optional; blank entries are dropped, then the API's own rule applies. */
const EnglishArabicTextSchema = z
  .object({ 'en-us': requiredText(500), 'ar-sa': text(500).trim().optional() })
  .transform((value) => Object.fromEntries(Object.entries(value).filter(([, entry]) => entry)) as Record<string, string>)
  .pipe(LocaleTextSchema);

export const CreateDispatchFormSchema = CreateDispatchFieldsSchema.pick({
  pickup: true,
  destination: true,
  user_metadata: true,
  vendor_id: true,
  vendor_oid: true,
  vendor_bid: true,
}).extend({
  vendor_name: EnglishArabicTextSchema,
  vendor_payload: VendorPayloadSchema.extend({
    order_details: z.array(OrderDetailSchema.extend({ item_name: EnglishArabicTextSchema })).max(500),
  }),
});

export type CreateDispatchFormInput = z.input<typeof CreateDispatchFormSchema>;

// Fails to compile if the form's output ever stops being a valid create request.
type CreateBody<T extends CreateDispatchBody> = T;
export type CreateDispatchFormOutput = CreateBody<z.output<typeof CreateDispatchFormSchema>>;

/**
 * The form field a path of the API's `error_desc` belongs to: the API names a locale object as a
 * whole (`vendor_name`, `…item_name`) where the form has an English input for it.
 */
export function formFieldOf(apiPath: string): string {
  if (/^(vendor_name|vendor_payload\.order_details\.\d+\.item_name)$/.test(apiPath)) return `${apiPath}.en-us`;
  return apiPath;
}
