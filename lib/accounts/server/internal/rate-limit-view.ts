import type { AccountRateLimit } from '@/lib/accounts/shared/schemas';
import { defaultRateLimit } from '@/lib/platform/server/rate-limit/default-rate-limit';
import { effectiveRateLimit, type RateLimitSetting } from '@/lib/platform/server/rate-limit/token-bucket';

/** An account's setting as the console and the ops API show it: the limit in force, 0 for none. */
export function rateLimitView(setting: RateLimitSetting): AccountRateLimit {
  const limit = effectiveRateLimit(setting, defaultRateLimit());
  return {
    per_second: limit?.perSecond ?? 0,
    burst: limit?.burst ?? 0,
    is_default: setting.perSecond === null || setting.burst === null,
  };
}
