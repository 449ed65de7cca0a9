import { db } from '@/lib/platform/server/db/client';
import { branchNotFound } from '@/lib/accounts/server/internal/branches/update-branch';

/**
 * Deletes a branch of the account. Dispatches keep their `vendor_bid` text: a branch is only
 * the dashboard's saved pickup, nothing refers to its row.
 */
export async function deleteBranch(options: { accountId: string; id: string }): Promise<void> {
  const { count } = await db().branch.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (count === 0) throw branchNotFound(options.id);
}
