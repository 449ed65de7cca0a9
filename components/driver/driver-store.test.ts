import { describe, expect, it } from 'vitest';
import { fetchQuery, getQueryData, setQueryData, type QueryDef } from './driver-store';

// The driver app's small query cache (instead of TanStack Query, for its script budget): one
// read in flight per key, and an answer the app already has is never overwritten by an older read.

function deferredDef(key: string[]) {
  const calls: { resolve: (value: string) => void; signal: AbortSignal }[] = [];
  const def: QueryDef<string> = {
    key,
    staleMs: 0,
    intervalMs: 1_000,
    fetch: (signal) => new Promise<string>((resolve) => calls.push({ resolve, signal })),
  };
  return { def, calls };
}

describe('driver store', () => {
  it('keeps one read in flight per key; a forced read aborts the older one, whose late answer is dropped', async () => {
    const { def, calls } = deferredDef(['test', 'one']);
    const first = fetchQuery(def);
    void fetchQuery(def);
    expect(calls).toHaveLength(1);
    const second = fetchQuery(def, true);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[1]!.resolve('new');
    await second;
    calls[0]!.resolve('old');
    await first;
    expect(getQueryData(['test', 'one'])).toBe('new');
  });

  it('an answer set by the app wins over a read that was in flight', async () => {
    const { def, calls } = deferredDef(['test', 'two']);
    const read = fetchQuery(def);
    setQueryData(['test', 'two'], 'from the accept reply');
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve('stale read');
    await read;
    expect(getQueryData(['test', 'two'])).toBe('from the accept reply');
    setQueryData<string>(['test', 'two'], (current) => `${current}!`);
    expect(getQueryData(['test', 'two'])).toBe('from the accept reply!');
  });
});
