import { describe, expect, it } from 'vitest';
import { LEASE_MAX_TOKENS, LEASE_TTL_MS, leaseSize, NO_LEASE, shareTake, takeLeased, type Lease } from '@/lib/platform/server/internal/rate-limit/token-lease';

describe('leaseSize', () => {
  it('is an eighth of the burst, at most LEASE_MAX_TOKENS, and 0 (no lease) under a burst of 8', () => {
    expect(leaseSize({ perSecond: 20, burst: 40 })).toBe(5);
    expect(leaseSize({ perSecond: 1, burst: 20 })).toBe(2);
    expect(leaseSize({ perSecond: 1, burst: 7 })).toBe(0);
    expect(leaseSize({ perSecond: 1, burst: 3 })).toBe(0);
    expect(leaseSize({ perSecond: 1_000_000, burst: 1_000_000 })).toBe(LEASE_MAX_TOKENS);
  });
});

describe('shareTake', () => {
  it('admits the waiting requests first, each seeing what it left as if taken one by one; the rest is the lease', () => {
    const { decisions, lease } = shareTake({ waiting: 3, granted: 8, bucketTokens: 10.5, takenAtMs: 1_000 });
    expect(decisions).toEqual([
      { admitted: true, tokens: 17.5 },
      { admitted: true, tokens: 16.5 },
      { admitted: true, tokens: 15.5 },
    ]);
    expect(lease).toEqual({ tokens: 5, bucketTokens: 10.5, expiresAtMs: 1_000 + LEASE_TTL_MS });
  });

  it('a grant short of the waiting requests admits as many as it can, refuses the rest, and leases nothing', () => {
    const { decisions, lease } = shareTake({ waiting: 4, granted: 2, bucketTokens: 0.25, takenAtMs: 1_000 });
    expect(decisions).toEqual([
      { admitted: true, tokens: 1.25 },
      { admitted: true, tokens: 0.25 },
      { admitted: false, tokens: 0.25 },
      { admitted: false, tokens: 0.25 },
    ]);
    expect(lease).toEqual(NO_LEASE);
  });

  it('a grant of exactly the waiting requests leases nothing', () => {
    expect(shareTake({ waiting: 2, granted: 2, bucketTokens: 3, takenAtMs: 0 }).lease).toEqual(NO_LEASE);
  });
});

describe('takeLeased', () => {
  const lease: Lease = { tokens: 2, bucketTokens: 10.5, expiresAtMs: 1_100 };

  it('admits from the lease until it is spent, counting down the tokens the requests see', () => {
    const first = takeLeased(lease, 1_000)!;
    expect(first.decision).toEqual({ admitted: true, tokens: 11.5 });
    const second = takeLeased(first.lease, 1_050)!;
    expect(second.decision).toEqual({ admitted: true, tokens: 10.5 });
    expect(second.lease.tokens).toBe(0);
    expect(takeLeased(second.lease, 1_060)).toBeUndefined();
  });

  it('an expired lease admits nothing (its tokens go back with the next take)', () => {
    expect(takeLeased(lease, 1_099)).toBeDefined();
    expect(takeLeased(lease, 1_100)).toBeUndefined();
    expect(takeLeased(NO_LEASE, 0)).toBeUndefined();
  });

  it('the requests of one take and its lease see strictly decreasing tokens, ending where the bucket was left', () => {
    const shared = shareTake({ waiting: 2, granted: 6, bucketTokens: 4, takenAtMs: 0 });
    const seen = shared.decisions.map((decision) => decision.tokens);
    let current = shared.lease;
    for (let taken = takeLeased(current, 1); taken; taken = takeLeased(current, 1)) {
      seen.push(taken.decision.tokens);
      current = taken.lease;
    }
    expect(seen).toEqual([9, 8, 7, 6, 5, 4]);
  });
});
