// The API rate limit's arithmetic: a token bucket per account that holds at most `burst` tokens
// and refills at `perSecond` tokens a second; a request takes one token or is refused. The same
// arithmetic runs in PostgreSQL (lib/platform/server/sql/70_account_rate_take.sql, shared by every process)
// and in memory on the embedded database (one process owns it).

/** A limit in force: both at least 1 (a limit of 0 is no limit, see `effectiveRateLimit`). */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** An account's own setting: both null for the server's default, both 0 for no limit. */
export interface RateLimitSetting {
  perSecond: number | null;
  burst: number | null;
}

/** What taking a token decided, and the tokens left after it (fractions refill over time). */
export interface RateDecision {
  admitted: boolean;
  tokens: number;
}

export interface Bucket {
  tokens: number;
  updatedAtMs: number;
}

/**
 * The limit an account's requests are held to: its own setting, else the server's default;
 * null when either number is 0 (no limit).
 */
export function effectiveRateLimit(setting: RateLimitSetting, defaults: RateLimit): RateLimit | null {
  const limit = setting.perSecond !== null && setting.burst !== null ? { perSecond: setting.perSecond, burst: setting.burst } : defaults;
  return limit.perSecond > 0 && limit.burst > 0 ? limit : null;
}

/** Takes one token from `bucket` (undefined: a full one) at `nowMs`: the decision and the bucket after it. */
export function takeToken(bucket: Bucket | undefined, limit: RateLimit, nowMs: number): RateDecision & { bucket: Bucket } {
  const elapsedS = bucket ? Math.max(0, nowMs - bucket.updatedAtMs) / 1000 : 0;
  const refilled = bucket ? Math.min(limit.burst, bucket.tokens + elapsedS * limit.perSecond) : limit.burst;
  const admitted = refilled >= 1;
  const tokens = admitted ? refilled - 1 : refilled;
  return { admitted, tokens, bucket: { tokens, updatedAtMs: Math.max(nowMs, bucket?.updatedAtMs ?? nowMs) } };
}

/** Whole seconds until the bucket holds one token again (at least 1: `Retry-After` counts seconds). */
export function secondsUntilToken(limit: RateLimit, tokens: number): number {
  return Math.max(1, Math.ceil((1 - tokens) / limit.perSecond));
}

/** Whole seconds until the bucket is full again (0 when it is). */
export function secondsUntilFull(limit: RateLimit, tokens: number): number {
  return Math.max(0, Math.ceil((limit.burst - tokens) / limit.perSecond));
}
