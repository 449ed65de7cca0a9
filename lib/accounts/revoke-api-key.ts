import { db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';

/** Revokes one of the account's API keys; requests with it answer 401 from then on. */
export async function revokeApiKey(options: { accountId: string; id: string }): Promise<void> {
  const { count } = await db().apiKey.updateMany({
    where: { id: options.id, accountId: options.accountId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new ApiError('not_found', `No active API key with id "${options.id}"`);
}
