import { describe, expect, it } from 'vitest';
import { effectiveRateLimit, secondsUntilFull, secondsUntilToken, takeToken, type Bucket } from '@/lib/platform/server/rate-limit/token-bucket';

const LIMIT = { perSecond: 20, burst: 40 };

describe('takeToken', () => {
  it('starts full: a burst of `burst` requests passes, the next is refused', () => {
    let bucket: Bucket | undefined;
    const decisions = Array.from({ length: 41 }, () => {
      const { bucket: after, ...decision } = takeToken(bucket, LIMIT, 1_000);
      bucket = after;
      return decision.admitted;
    });
    expect(decisions.filter(Boolean)).toHaveLength(40);
    expect(decisions.at(-1)).toBe(false);
    expect(bucket?.tokens).toBe(0);
  });

  it('refills by elapsed time, never beyond the burst', () => {
    const empty = { tokens: 0, updatedAtMs: 1_000 };
    expect(takeToken(empty, LIMIT, 1_049)).toMatchObject({ admitted: false });
    expect(takeToken(empty, LIMIT, 1_050)).toMatchObject({ admitted: true, tokens: 0 });
    expect(takeToken(empty, LIMIT, 1_500)).toMatchObject({ admitted: true, tokens: 9 });
    expect(takeToken(empty, LIMIT, 60_000)).toMatchObject({ admitted: true, tokens: 39 });
  });

  it('a refusal keeps the refilled fraction and does not consume it', () => {
    const { bucket, admitted, tokens } = takeToken({ tokens: 0, updatedAtMs: 1_000 }, LIMIT, 1_025);
    expect(admitted).toBe(false);
    expect(tokens).toBeCloseTo(0.5);
    expect(takeToken(bucket, LIMIT, 1_050)).toMatchObject({ admitted: true });
  });

  it('a clock that steps back refills nothing and keeps the later time', () => {
    const { bucket, admitted } = takeToken({ tokens: 1, updatedAtMs: 5_000 }, LIMIT, 4_000);
    expect(admitted).toBe(true);
    expect(bucket).toEqual({ tokens: 0, updatedAtMs: 5_000 });
  });

  it('a lowered burst caps the tokens saved under the old one', () => {
    expect(takeToken({ tokens: 40, updatedAtMs: 0 }, { perSecond: 1, burst: 5 }, 10)).toMatchObject({ tokens: 4 });
  });
});

describe('effectiveRateLimit', () => {
  it('is the account’s own limit when it has both numbers, else the default', () => {
    expect(effectiveRateLimit({ perSecond: 5, burst: 7 }, LIMIT)).toEqual({ perSecond: 5, burst: 7 });
    expect(effectiveRateLimit({ perSecond: null, burst: null }, LIMIT)).toEqual(LIMIT);
  });

  it('is null (no limit) when either number is 0', () => {
    expect(effectiveRateLimit({ perSecond: 0, burst: 0 }, LIMIT)).toBeNull();
    expect(effectiveRateLimit({ perSecond: null, burst: null }, { perSecond: 0, burst: 40 })).toBeNull();
    expect(effectiveRateLimit({ perSecond: null, burst: null }, { perSecond: 20, burst: 0 })).toBeNull();
  });
});

describe('waiting times', () => {
  it('rounds up to whole seconds, at least 1 until the next token', () => {
    expect(secondsUntilToken(LIMIT, 0.99)).toBe(1);
    expect(secondsUntilToken({ perSecond: 1, burst: 3 }, 0.25)).toBe(1);
    expect(secondsUntilToken({ perSecond: 1, burst: 3 }, -0)).toBe(1);
    expect(secondsUntilToken({ perSecond: 1, burst: 10 }, 0)).toBe(1);
  });

  it('counts the seconds until the bucket is full, 0 when it is', () => {
    expect(secondsUntilFull(LIMIT, 40)).toBe(0);
    expect(secondsUntilFull(LIMIT, 39)).toBe(1);
    expect(secondsUntilFull(LIMIT, 0)).toBe(2);
    expect(secondsUntilFull({ perSecond: 3, burst: 10 }, 0)).toBe(4);
  });
});
