import { db } from '@/lib/platform/server/db/client';
import { accountNotFound } from '@/lib/accounts/server/get-account-detail';

/**
 * 404 unless the account exists: for operations that would otherwise answer an unknown
 * account with an empty list (its keys, its users) or a foreign-key failure (a new key).
 */
export async function assertAccountExists(options: { accountId: string }): Promise<void> {
  const row = await db().account.findUnique({ where: { id: options.accountId }, select: { id: true } });
  if (!row) throw accountNotFound(options.accountId);
}
