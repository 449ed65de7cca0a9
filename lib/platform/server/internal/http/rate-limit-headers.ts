import type { RateDecision, RateLimit } from '@/lib/platform/server/rate-limit/token-bucket';
import { secondsUntilFull } from '@/lib/platform/server/rate-limit/token-bucket';

// The IETF rate-limit fields, draft-ietf-httpapi-ratelimit-headers-10 (27 September 2025): two
// Structured Fields (RFC 9651) lists naming one policy, "default":
//   RateLimit-Policy: "default";q=40;w=2   the quota (the bucket's size) and the window, in
//                                          seconds, that refills a whole quota
//   RateLimit: "default";r=39;t=1          the requests left now and the seconds until the quota
//                                          is whole again
// The draft describes quotas per window; a token bucket refills continuously, so `w` is the time a
// full refill takes (burst / per second, rounded up), and `r` counts whole tokens only.

export const RATE_LIMIT_POLICY_NAME = 'default';

/** `RateLimit-Policy`: what the account's limit is (the same on every response while it stands). */
export function rateLimitPolicyField(limit: RateLimit): string {
  return `"${RATE_LIMIT_POLICY_NAME}";q=${limit.burst};w=${Math.max(1, Math.ceil(limit.burst / limit.perSecond))}`;
}

/** `RateLimit`: what is left of it after this request. */
export function rateLimitField(limit: RateLimit, decision: RateDecision): string {
  return `"${RATE_LIMIT_POLICY_NAME}";r=${Math.max(0, Math.floor(decision.tokens))};t=${secondsUntilFull(limit, decision.tokens)}`;
}

/** Both fields, as response headers. */
export function rateLimitHeaders(limit: RateLimit, decision: RateDecision): Record<string, string> {
  return { 'ratelimit-policy': rateLimitPolicyField(limit), ratelimit: rateLimitField(limit, decision) };
}
