import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { hashApiKey, readApiKey } from '@/lib/platform/server/auth/api-key';
import { TARIFF_SELECT, type Tariff } from '@/lib/pricing/shared/tariff';
import { cachedCaller, cacheGeneration, rememberCaller } from '@/lib/platform/server/auth/caller-cache';
import type { RateLimitSetting } from '@/lib/platform/server/rate-limit/token-bucket';

export interface Caller {
  accountId: string;
  tariff: Tariff;
}

/** The caller of the vendor API: with the account's own rate limit, cached with the key (no extra read per request). */
export interface ApiKeyCaller extends Caller {
  rateLimit: RateLimitSetting;
}

const UNAUTHORIZED = 'Missing or incorrect api_key: send it in the x-api-key header (or api_key, or Authorization: Bearer)';

/**
 * Resolves the calling account from its API key; 401 for a missing, unknown or revoked key.
 * Known keys are cached per process and evicted by database notification (caller-cache.ts).
 */
export async function authenticateApiKey(headers: Headers): Promise<ApiKeyCaller> {
  const key = readApiKey(headers);
  if (!key || key.length > 200) throw new DomainError('unauthorized', UNAUTHORIZED);
  const hash = hashApiKey(key);
  const cached = cachedCaller(hash);
  if (cached) return cached;
  const generation = cacheGeneration();
  const row = await db().apiKey.findUnique({
    where: { hash },
    select: {
      revokedAt: true,
      account: {
        select: { id: true, ...TARIFF_SELECT, rateLimitPerSecond: true, rateLimitBurst: true },
      },
    },
  });
  if (!row || row.revokedAt) throw new DomainError('unauthorized', UNAUTHORIZED);
  const { id, rateLimitPerSecond, rateLimitBurst, ...tariff } = row.account;
  const caller = { accountId: id, tariff, rateLimit: { perSecond: rateLimitPerSecond, burst: rateLimitBurst } };
  rememberCaller(hash, caller, generation);
  return caller;
}
