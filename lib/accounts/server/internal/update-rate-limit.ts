import { db } from '@/lib/platform/server/db/client';
import { forgetAccount } from '@/lib/platform/server/auth/caller-cache';
import { accountNotFound } from '@/lib/accounts/server/get-account-detail';
import { rateLimitView } from '@/lib/accounts/server/internal/rate-limit-view';
import type { AccountRateLimit, UpdateRateLimitBody } from '@/lib/accounts/shared/schemas';

/**
 * Sets an account's own API rate limit (both null: back to the server's default; both 0: none);
 * returns the limit now in force. Input is parsed by the caller's schema. Every server process
 * applies it to the account's next request: the update notifies `auth_changes`, which evicts the
 * account's cached callers (lib/platform/server/auth/caller-cache.ts) that carry the setting; this process
 * evicts them at once, without waiting for its own notification.
 */
export async function updateRateLimit(options: { accountId: string; input: UpdateRateLimitBody }): Promise<AccountRateLimit> {
  const rows = await db().account.updateManyAndReturn({
    where: { id: options.accountId },
    data: { rateLimitPerSecond: options.input.per_second, rateLimitBurst: options.input.burst },
    select: { rateLimitPerSecond: true, rateLimitBurst: true },
  });
  const row = rows[0];
  if (!row) throw accountNotFound(options.accountId);
  forgetAccount(options.accountId);
  return rateLimitView({ perSecond: row.rateLimitPerSecond, burst: row.rateLimitBurst });
}
