import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundLoop, backgroundId, type BackgroundLoopOptions } from '@/lib/platform/server/background/loop';

/** A promise the test resolves. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const FAILURE = { message: 'test loop failed', fields: { loop: 'test' }, retryMs: 1_000 };

/** A loop whose rounds the test counts; each round waits `waitMs` after it unless told otherwise. */
function countingLoop(waitMs: number, options: Partial<BackgroundLoopOptions> = {}) {
  const rounds: number[] = [];
  const loop = new BackgroundLoop({
    round: async () => {
      rounds.push(Date.now());
      return waitMs;
    },
    failure: FAILURE,
    ...options,
  });
  return { loop, rounds };
}

describe('BackgroundLoop', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs a round at start, then one per wait, until stopped', async () => {
    const { loop, rounds } = countingLoop(1_000);
    await loop.start();
    expect(loop.isRunning).toBe(true);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(rounds).toEqual([0, 1_000, 2_000]);
    await loop.stop();
    expect(loop.isRunning).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is one loop however often it is started', async () => {
    let inFlight = 0;
    let most = 0;
    let rounds = 0;
    const loop = new BackgroundLoop({
      round: async () => {
        rounds++;
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 100));
        inFlight--;
        return 1_000;
      },
      failure: FAILURE,
    });
    await Promise.all([loop.start(), loop.start()]);
    await loop.start();
    await vi.advanceTimersByTimeAsync(2_250);
    expect(most).toBe(1);
    expect(rounds).toBe(3);
    const stopping = loop.stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopping;
  });

  it('waits for the round in flight when stopped, and starts no other', async () => {
    const release = deferred();
    let rounds = 0;
    let finished = 0;
    const loop = new BackgroundLoop({
      round: async () => {
        rounds++;
        await release.promise;
        finished++;
        return 0;
      },
      failure: FAILURE,
    });
    await loop.start();
    const stopped = vi.fn();
    const stopping = loop.stop().then(stopped);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stopped).not.toHaveBeenCalled();
    release.resolve();
    await stopping;
    expect(stopped).toHaveBeenCalledOnce();
    expect({ rounds, finished }).toEqual({ rounds: 1, finished: 1 });
  });

  it('logs a round that throws, waits retryMs, and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rounds: number[] = [];
    const loop = new BackgroundLoop({
      round: async () => {
        rounds.push(Date.now());
        if (rounds.length === 1) throw new Error('database unreachable');
        return 60_000;
      },
      failure: FAILURE,
    });
    await loop.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(rounds).toEqual([0]);
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.parse(String(warn.mock.calls[0]![0]))).toEqual({ level: 'warn', message: 'test loop failed', loop: 'test', error: 'database unreachable' });
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toEqual([0, 1_000]);
    await loop.stop();
  });

  it('cuts the wait short on wake(), and skips it when woken during a round', async () => {
    const { loop, rounds } = countingLoop(60_000);
    await loop.start();
    await vi.advanceTimersByTimeAsync(5_000);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toEqual([0, 5_000]);

    const release = deferred();
    const woken: boolean[] = [];
    const during = new BackgroundLoop({
      round: async () => {
        if (woken.length === 0) await release.promise;
        woken.push(during.isWoken);
        return 60_000;
      },
      failure: FAILURE,
    });
    await during.start();
    during.wake();
    release.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // Woken during the first round: the second follows at once, and starts un-woken.
    expect(woken).toEqual([true, false]);
    await Promise.all([loop.stop(), during.stop()]);
  });

  it("holds a wake-up for wakeDelay's gap, or ignores it when wakeDelay says null", async () => {
    let delay: number | null = null;
    const { loop, rounds } = countingLoop(10_000, { wakeDelay: () => delay });
    await loop.start();
    await vi.advanceTimersByTimeAsync(1_000);
    loop.wake();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toEqual([0]);
    delay = 500;
    loop.wake();
    await vi.advanceTimersByTimeAsync(499);
    expect(rounds).toEqual([0]);
    delay = 0;
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toEqual([0, 2_500]);
    await loop.stop();
  });

  it('prepares before the first round; a failed preparation starts nothing', async () => {
    const order: string[] = [];
    const loop = new BackgroundLoop({
      prepare: async () => {
        order.push('prepare');
      },
      round: async () => {
        order.push('round');
        return 1_000;
      },
      failure: FAILURE,
    });
    await loop.start();
    expect(order).toEqual(['prepare', 'round']);
    await loop.stop();

    const round = vi.fn(async () => 0);
    const failing = new BackgroundLoop({ prepare: () => Promise.reject(new Error('no database')), round, failure: FAILURE });
    await expect(failing.start()).rejects.toThrow('no database');
    expect(failing.isRunning).toBe(false);
    expect(round).not.toHaveBeenCalled();
  });

  it('names each loop apart: host, process and a random part', () => {
    expect(backgroundId()).toMatch(new RegExp(`:${process.pid}:[0-9a-f]{6}$`));
    expect(backgroundId()).not.toBe(backgroundId());
  });
});
