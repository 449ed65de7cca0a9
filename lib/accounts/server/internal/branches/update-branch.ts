import { db } from '@/lib/platform/server/db/client';
import type { Address } from '@/lib/platform/shared/validation/address';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { parseInput } from '@/lib/platform/server/validation/parse-input';
import { duplicateBranchOr } from '@/lib/accounts/server/branches/create-branch';
import { BranchUpdateSchema, type Branch, type BranchUpdate } from '@/lib/accounts/shared/branches/schemas';

export function branchNotFound(id: string): DomainError {
  return new DomainError('not_found', `No branch with id "${id}"`);
}

/**
 * Changes a branch of the account: the fields given replace the stored ones (a pickup is
 * replaced whole). A vendor_bid another branch of the account uses is a 400 duplicate_branch.
 */
export async function updateBranch(options: { accountId: string; id: string; input: BranchUpdate }): Promise<Branch> {
  const input = parseInput(BranchUpdateSchema, options.input);
  try {
    const [row] = await db().branch.updateManyAndReturn({
      where: { id: options.id, accountId: options.accountId },
      data: { vendorBid: input.vendor_bid, name: input.name, pickup: input.pickup },
      select: { id: true, vendorBid: true, name: true, pickup: true },
    });
    if (!row) throw branchNotFound(options.id);
    return { id: row.id, vendor_bid: row.vendorBid, name: row.name, pickup: row.pickup as Address };
  } catch (error) {
    throw input.vendor_bid === undefined ? error : duplicateBranchOr(error, input.vendor_bid);
  }
}
