import { describe, expect, it } from 'vitest';
import { outcomeOfAttempt, retryDelayMs } from '@/lib/webhooks/server/retry-schedule';

describe('webhook retry schedule', () => {
  it('waits the base delay, then doubles, within ±10 % jitter', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, 10_000, () => 0.5))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(1, 10_000, () => 0)).toBe(9_000);
    expect(retryDelayMs(1, 10_000, () => 0.999_999)).toBe(11_000);
  });

  it('spans about two days over the default 15 attempts at a 10 s base', () => {
    let total = 0;
    for (let retry = 1; retry < 15; retry++) total += retryDelayMs(retry, 10_000, () => 0.5);
    expect(total / 3_600_000).toBeCloseTo(45.5, 1);
  });

  it('ends in success, a retry, or failure once the series is spent', () => {
    const base = { maxAttempts: 3, retryBaseMs: 100, random: () => 0.5 };
    expect(outcomeOfAttempt({ ...base, ok: true, attemptInSeries: 3 })).toEqual({ status: 'succeeded' });
    expect(outcomeOfAttempt({ ...base, ok: false, attemptInSeries: 1 })).toEqual({ status: 'pending', retryInMs: 100 });
    expect(outcomeOfAttempt({ ...base, ok: false, attemptInSeries: 2 })).toEqual({ status: 'pending', retryInMs: 200 });
    expect(outcomeOfAttempt({ ...base, ok: false, attemptInSeries: 3 })).toEqual({ status: 'failed' });
  });
});
