import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { fetchQuery, getQueryData, setQueryData, type QueryDef } from './driver-store';
import { forgetJob, forgetSnapshots, keepOnlyJobs, keepSnapshot } from './offline-snapshots';

// The copies on the phone (IndexedDB) are offline-snapshots.ts's; here only what the store asks of them.
vi.mock('./offline-snapshots', () => ({
  forgetJob: vi.fn(async () => {}),
  forgetSnapshots: vi.fn(async () => {}),
  keepOnlyJobs: vi.fn(async () => {}),
  keepSnapshot: vi.fn(async () => {}),
  readSnapshot: vi.fn(async () => undefined),
}));

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

interface TestJob {
  id: string;
  state: string;
  customer: string;
}

function jobDef(id: string, answer: () => Promise<TestJob>): QueryDef<TestJob> {
  return {
    key: ['driver', 'jobs', id, 'en'],
    fetch: answer,
    staleMs: 0,
    intervalMs: 1_000,
    offlineCopy: (job) => (job.state === 'picked_up' ? job : null),
    jobId: id,
  };
}

describe('driver store: what stays on the phone', () => {
  beforeEach(() => vi.clearAllMocks());

  // Regression: a job read answered 404 (the job given to another driver) dropped the copy on disk,
  // but the screen kept showing the customer read before.
  it('a job read answered 404 drops what the screen showed and every copy of the job', async () => {
    let answer: () => Promise<TestJob> = async () => ({ id: 'dsp_gone', state: 'picked_up', customer: 'Nadia' });
    const def = jobDef('dsp_gone', () => answer());
    await fetchQuery(def);
    expect(getQueryData(def.key)).toMatchObject({ customer: 'Nadia' });
    expect(keepSnapshot).toHaveBeenCalledWith(JSON.stringify(def.key), expect.objectContaining({ customer: 'Nadia' }), ['dsp_gone']);

    answer = async () => {
      throw new ApiClientError(404, 'not_found', 'No such job');
    };
    await fetchQuery(def, true);
    expect(getQueryData(def.key)).toBeUndefined();
    expect(forgetJob).toHaveBeenCalledWith('dsp_gone');
  });

  it('a session ended (401) drops every copy on the phone', async () => {
    const def = jobDef('dsp_401', async () => {
      throw new ApiClientError(401, 'unauthorized', 'Sign in');
    });
    await fetchQuery(def);
    expect(forgetSnapshots).toHaveBeenCalled();
  });

  it('a job the server says is delivered, read or answered to an action, loses every copy of it', async () => {
    const def = jobDef('dsp_done', async () => ({ id: 'dsp_done', state: 'picked_up', customer: 'Nadia' }));
    await fetchQuery(def);
    setQueryData<TestJob>(def.key, { id: 'dsp_done', state: 'delivered', customer: 'Nadia' });
    expect(forgetJob).toHaveBeenCalledWith('dsp_done');
  });

  it('a list read keeps on the phone only the jobs it lists under way', async () => {
    const def: QueryDef<TestJob[]> = {
      key: ['driver', 'jobs', 'list', 'en'],
      fetch: async () => [
        { id: 'dsp_on', state: 'picked_up', customer: '' },
        { id: 'dsp_off', state: 'delivered', customer: '' },
      ],
      staleMs: 0,
      intervalMs: 1_000,
      offlineCopy: (jobs) => jobs.filter((job) => job.state === 'picked_up'),
      underWay: (jobs) => jobs.filter((job) => job.state === 'picked_up').map((job) => job.id),
    };
    const before = Date.now();
    await fetchQuery(def);
    expect(keepSnapshot).toHaveBeenCalledWith(JSON.stringify(def.key), [expect.objectContaining({ id: 'dsp_on' })], ['dsp_on']);
    expect(keepOnlyJobs).toHaveBeenCalledWith(['dsp_on'], expect.any(Number));
    expect(vi.mocked(keepOnlyJobs).mock.calls[0]![1]).toBeGreaterThanOrEqual(before);
  });
});
