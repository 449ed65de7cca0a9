import { forgetKey } from '@/lib/platform/server/auth/caller-cache';
import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';

/** Revokes one of the account's API keys; requests with it answer 401 from then on. */
export async function revokeApiKey(options: { accountId: string; id: string }): Promise<void> {
  const revoked = await db().apiKey.updateManyAndReturn({
    where: { id: options.id, accountId: options.accountId, revokedAt: null },
    data: { revokedAt: new Date() },
    select: { hash: true },
  });
  if (revoked.length === 0) throw new DomainError('not_found', `No active API key with id "${options.id}"`);
  // Other instances evict on the database notification; this one need not wait for it.
  for (const { hash } of revoked) forgetKey(hash);
}
