import { z } from 'zod';
import { AddressSchema } from '@/lib/platform/shared/validation/address';
import { requiredText } from '@/lib/platform/shared/validation/primitives';

/** A branch as the dashboard edits it: its `vendor_bid` code, a name and the saved pickup. */
export const BranchInputSchema = z.object({
  vendor_bid: requiredText(200).meta({ description: 'The branch id sent as `vendor_bid` on dispatches' }),
  name: requiredText(200),
  pickup: AddressSchema,
});
export type BranchInput = z.input<typeof BranchInputSchema>;

export const BranchSchema = BranchInputSchema.extend({ id: z.string() });
export type Branch = z.infer<typeof BranchSchema>;

/** A change to a branch: any of its fields; a pickup given replaces the stored one whole. */
export const BranchUpdateSchema = BranchInputSchema.partial().refine(
  (value) => Object.values(value).some((field) => field !== undefined),
  'must change at least one of vendor_bid, name, pickup',
);
export type BranchUpdate = z.input<typeof BranchUpdateSchema>;
