import { describe, expect, it, vi } from 'vitest';
import { InterruptibleSleep } from '@/lib/platform/server/internal/interruptible-sleep';

describe('InterruptibleSleep', () => {
  it('ends when the time is up, or at once on wake()', async () => {
    vi.useFakeTimers();
    try {
      const sleeper = new InterruptibleSleep();
      const onTime = vi.fn();
      void sleeper.sleep(1_000).then(onTime);
      await vi.advanceTimersByTimeAsync(999);
      expect(onTime).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(onTime).toHaveBeenCalledOnce();

      const woken = vi.fn();
      void sleeper.sleep(60_000).then(woken);
      sleeper.wake();
      await vi.advanceTimersByTimeAsync(0);
      expect(woken).toHaveBeenCalledOnce();
      expect(vi.getTimerCount()).toBe(0);
      sleeper.wake(); // nothing in progress: no effect
    } finally {
      vi.useRealTimers();
    }
  });
});
