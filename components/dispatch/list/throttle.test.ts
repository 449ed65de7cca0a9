import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '@/components/dispatch/list/throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and a burst once more at the end of the interval', () => {
    const run = vi.fn();
    const throttled = throttle(run, 500);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let index = 0; index < 20; index++) {
      vi.advanceTimersByTime(20);
      throttled.call();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never runs more than once per interval under a steady stream of calls', () => {
    const runs: number[] = [];
    const throttled = throttle(() => runs.push(Date.now()), 500);
    const start = Date.now();
    for (let index = 0; index < 100; index++) {
      throttled.call();
      vi.advanceTimersByTime(50);
    }
    // 5 s of calls every 50 ms: runs at 0, 500, …, 5000 ms.
    expect(runs.map((at) => at - start)).toEqual(Array.from({ length: 11 }, (_, index) => index * 500));
  });

  it('runs again at once after a quiet interval', () => {
    const run = vi.fn();
    const throttled = throttle(run, 500);
    throttled.call();
    vi.advanceTimersByTime(600);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('flush runs now and drops the scheduled run; cancel drops it', () => {
    const run = vi.fn();
    const throttled = throttle(run, 500);
    throttled.call();
    throttled.call();
    throttled.flush();
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    throttled.call();
    throttled.call();
    throttled.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
