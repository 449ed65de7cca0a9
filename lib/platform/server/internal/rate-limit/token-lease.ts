import type { RateDecision, RateLimit } from '@/lib/platform/server/rate-limit/token-bucket';

// A server process's lease on an account's shared bucket (PostgreSQL): when it has to take tokens
// anyway, it takes a few more than its waiting requests need and admits its next requests from
// them without a round trip. The lease is small (at most LEASE_MAX_TOKENS, an eighth of the burst)
// and short-lived (LEASE_TTL_MS); its unused tokens go back to the bucket with the next take.
//
// What that costs the limit's exactness, across every process sharing the bucket:
// - Never more than one exact bucket would admit, plus perSecond × LEASE_TTL_MS of refill: a
//   leased token was in the bucket when it was taken, and is used within LEASE_TTL_MS or given back.
// - A refusal can come while other processes hold up to one lease each, unused, for at most
//   LEASE_TTL_MS (the bucket is then short of those tokens until they are used or given back).
// A limit whose burst is under 8 is taken exactly, one token per request, as before.

/** How long a process may admit requests from leased tokens. */
export const LEASE_TTL_MS = 100;
/** The most tokens one process leases ahead for one account. */
export const LEASE_MAX_TOKENS = 64;
/** A lease is at most this share of the burst. */
const LEASE_BURST_SHARE = 8;

/** Whole tokens a process holds for an account, and what the shared bucket had left when it took them. */
export interface Lease {
  tokens: number;
  bucketTokens: number;
  expiresAtMs: number;
}

export const NO_LEASE: Lease = { tokens: 0, bucketTokens: 0, expiresAtMs: 0 };

/** Tokens a take asks for beyond its waiting requests' (0: no lease, every request goes to the bucket). */
export function leaseSize(limit: RateLimit): number {
  return Math.min(LEASE_MAX_TOKENS, Math.floor(limit.burst / LEASE_BURST_SHARE));
}

/**
 * One request's token from the lease at `nowMs`, or undefined when it has none or has expired. The
 * request sees the tokens left as if the lease were still in the bucket.
 */
export function takeLeased(lease: Lease, nowMs: number): { decision: RateDecision; lease: Lease } | undefined {
  if (lease.tokens < 1 || nowMs >= lease.expiresAtMs) return undefined;
  const tokens = lease.tokens - 1;
  return { decision: { admitted: true, tokens: lease.bucketTokens + tokens }, lease: { ...lease, tokens } };
}

/**
 * Shares out what one take granted: the `waiting` requests first, each seeing the tokens it left
 * as if they had been taken one by one; what is left over becomes the lease, valid for
 * LEASE_TTL_MS from `takenAtMs` (the moment the take was sent, before the bucket was touched).
 */
export function shareTake(options: { waiting: number; granted: number; bucketTokens: number; takenAtMs: number }): {
  decisions: RateDecision[];
  lease: Lease;
} {
  const { waiting, granted, bucketTokens, takenAtMs } = options;
  const admitted = Math.min(waiting, granted);
  const leased = granted - admitted;
  const decisions = Array.from({ length: waiting }, (_, i) =>
    i < admitted ? { admitted: true, tokens: bucketTokens + leased + (admitted - 1 - i) } : { admitted: false, tokens: bucketTokens },
  );
  return { decisions, lease: leased > 0 ? { tokens: leased, bucketTokens, expiresAtMs: takenAtMs + LEASE_TTL_MS } : NO_LEASE };
}
