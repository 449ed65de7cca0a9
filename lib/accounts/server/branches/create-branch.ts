import { db } from '@/lib/platform/server/db/client';
import { duplicateAs } from '@/lib/platform/server/db/database-errors';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { parseInput } from '@/lib/platform/server/validation/parse-input';
import { newId } from '@/lib/platform/server/ids/new-id';
import { BranchInputSchema, type Branch, type BranchInput } from '@/lib/accounts/shared/branches/schemas';

/** A write that broke the account's unique vendor_bid, as the 400 naming the field; else the error itself. */
export function duplicateBranchOr(error: unknown, vendorBid: string): unknown {
  return duplicateAs(error, 'vendor_bid', () => new DomainError('duplicate_branch', `vendor_bid: a branch with vendor_bid "${vendorBid}" already exists`));
}

/** Adds a branch to the account; its `vendor_bid` is unique within the account. */
export async function createBranch(options: { accountId: string; input: BranchInput }): Promise<Branch> {
  const input = parseInput(BranchInputSchema, options.input);
  try {
    const row = await db().branch.create({
      data: { id: newId('brn'), accountId: options.accountId, vendorBid: input.vendor_bid, name: input.name, pickup: input.pickup },
      select: { id: true },
    });
    return { id: row.id, ...input };
  } catch (error) {
    throw duplicateBranchOr(error, input.vendor_bid);
  }
}
