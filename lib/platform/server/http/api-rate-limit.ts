import type { ApiKeyCaller } from '@/lib/edge/server/authenticate-api-key';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { rateLimitHeaders } from '@/lib/platform/server/internal/http/rate-limit-headers';
import { defaultRateLimit } from '@/lib/platform/server/rate-limit/default-rate-limit';
import { takeRateToken } from '@/lib/platform/server/internal/rate-limit/take-rate-token';
import { effectiveRateLimit, secondsUntilToken } from '@/lib/platform/server/rate-limit/token-bucket';

/** What the rate limit decided for one request: the headers every reply carries, and a refusal to throw. */
export interface RateLimitOutcome {
  headers?: Record<string, string>;
  refusal?: DomainError;
}

/**
 * The vendor API's rate limit, taken once per request before the body is read or the handler
 * runs. Without a limit (0) it costs nothing: no statement, no headers.
 */
export async function limitApiCaller(caller: ApiKeyCaller): Promise<RateLimitOutcome> {
  const limit = effectiveRateLimit(caller.rateLimit, defaultRateLimit());
  if (!limit) return {};
  const decision = await takeRateToken({ accountId: caller.accountId, limit });
  const headers = rateLimitHeaders(limit, decision);
  if (decision.admitted) return { headers };
  const retryAfterSeconds = secondsUntilToken(limit, decision.tokens);
  const refusal = new DomainError(
    'rate_limited',
    `Rate limit exceeded: ${limit.perSecond} requests per second, bursts of ${limit.burst}; retry in ${retryAfterSeconds} s`,
    { retryAfterSeconds },
  );
  return { headers, refusal };
}
