import { z } from 'zod';

// Imported by the console's account page: nothing here may pull server code into the browser.

/**
 * What a driver must capture before recording `delivered` for an account's dispatch: nothing, a
 * photo, the customer's signature, or the 4-digit PIN the customer's tracking page shows.
 */
export const PROOF_OF_DELIVERY_KINDS = ['none', 'photo', 'signature', 'pin'] as const;
export const ProofOfDeliverySchema = z.enum(PROOF_OF_DELIVERY_KINDS);
export type ProofOfDelivery = z.infer<typeof ProofOfDeliverySchema>;

/** An account's proof-of-delivery requirement, as the console and the ops API show and set it. */
export const AccountProofOfDeliverySchema = z
  .object({
    proof_of_delivery: ProofOfDeliverySchema.meta({
      description:
        'What a driver must provide to record `delivered`: `none`, `photo` (taken in the driver app), `signature` (drawn by the customer on the driver’s phone) or `pin` (the 4-digit code on the customer’s tracking page)',
    }),
  })
  .meta({ id: 'AccountProofOfDelivery' });
export type AccountProofOfDelivery = z.infer<typeof AccountProofOfDeliverySchema>;

/** `PUT …/accounts/{id}/proof-of-delivery`: the whole setting. */
export const UpdateProofOfDeliveryBodySchema = AccountProofOfDeliverySchema.meta({ id: 'UpdateProofOfDeliveryRequest', examples: [{ proof_of_delivery: 'photo' }] });
