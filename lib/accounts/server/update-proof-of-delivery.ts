import { db } from '@/lib/platform/server/db/client';
import { accountNotFound } from '@/lib/accounts/server/get-account-detail';
import type { AccountProofOfDelivery, ProofOfDelivery } from '@/lib/accounts/shared/proof-of-delivery-schemas';

// The column holds one of PROOF_OF_DELIVERY_KINDS: only this file writes it, from a parsed body.
function view(row: { proofOfDelivery: string }): AccountProofOfDelivery {
  return { proof_of_delivery: row.proofOfDelivery as ProofOfDelivery };
}

/** An account's proof-of-delivery requirement; 404 for an unknown account. */
export async function getProofOfDelivery(options: { accountId: string }): Promise<AccountProofOfDelivery> {
  const row = await db().account.findUnique({ where: { id: options.accountId }, select: { proofOfDelivery: true } });
  if (!row) throw accountNotFound(options.accountId);
  return view(row);
}

/**
 * Sets what a driver must capture before recording `delivered` for the account's dispatches
 * (checked by the driver app's deliver operation). Dispatches already under way follow the new
 * setting from their next delivery attempt. Input is parsed by the caller's schema.
 */
export async function updateProofOfDelivery(options: { accountId: string; input: AccountProofOfDelivery }): Promise<AccountProofOfDelivery> {
  const [row] = await db().account.updateManyAndReturn({
    where: { id: options.accountId },
    data: { proofOfDelivery: options.input.proof_of_delivery },
    select: { proofOfDelivery: true },
  });
  if (!row) throw accountNotFound(options.accountId);
  return view(row);
}
