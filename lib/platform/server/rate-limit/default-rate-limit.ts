import { getEnv } from '@/lib/platform/server/env';
import type { RateLimit } from '@/lib/platform/server/rate-limit/token-bucket';

/** The server's default limit of every account without its own (API_RATE_LIMIT_PER_S, API_RATE_LIMIT_BURST; 0: none). */
export function defaultRateLimit(): RateLimit {
  const env = getEnv();
  return { perSecond: env.API_RATE_LIMIT_PER_S, burst: env.API_RATE_LIMIT_BURST };
}
