import { describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { createWorkQueue } from '@/lib/dispatch/server/internal/media/image-queue';

// Four uploads decoded at once held all of libuv's threads and starved sign-ins for seconds: the
// queue runs a fixed number of jobs, lets a few wait, and refuses the rest at once.

/** A job that runs until `finish` is called; `started` tells whether it began. */
function gatedJob(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const job = { started: false, finish: () => finish(), work: async () => {
    job.started = true;
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    return name;
  } };
  return job;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkQueue', () => {
  it('runs at most `concurrency` jobs at once, the waiting ones first come first served', async () => {
    const log: string[] = [];
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 10, description: 'photos' });
    const jobs = ['a', 'b', 'c', 'd'].map((name) => gatedJob(log, name));
    const results = jobs.map((job) => queue.run(job.work));
    await tick();
    expect(jobs.map((job) => job.started)).toEqual([true, true, false, false]);
    expect([queue.running(), queue.waiting()]).toEqual([2, 2]);
    jobs[1]!.finish();
    await tick();
    expect(jobs.map((job) => job.started)).toEqual([true, true, true, false]);
    jobs[0]!.finish();
    jobs[2]!.finish();
    jobs[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(log.filter((entry) => entry.startsWith('start'))).toEqual(['start a', 'start b', 'start c', 'start d']);
    expect([queue.running(), queue.waiting()]).toEqual([0, 0]);
  });

  it('refuses a job beyond the waiting room at once (503 with Retry-After), without running it', async () => {
    const log: string[] = [];
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 2, description: 'photos' });
    const jobs = ['a', 'b', 'c'].map((name) => gatedJob(log, name));
    const accepted = jobs.map((job) => queue.run(job.work));
    const extra = gatedJob(log, 'extra');
    const refused = await queue.run(extra.work).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/^The server is busy with other photos; retry in \d+ s$/) });
    // Three jobs ahead at the first estimate of a second each.
    expect((refused as DomainError).retryAfterSeconds).toBe(3);
    expect(extra.started).toBe(false);
    for (const job of jobs) job.finish();
    await Promise.all(accepted);
    // Room again once the queue drained.
    const later = gatedJob(log, 'later');
    const run = queue.run(later.work);
    later.finish();
    await expect(run).resolves.toBe('later');
  });

  it('frees the place of a job that fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0, description: 'photos' });
    await expect(queue.run(async () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('drops a waiting job whose client went away; it never runs and the next one does', async () => {
    const log: string[] = [];
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 5, description: 'photos' });
    const first = gatedJob(log, 'first');
    const gone = gatedJob(log, 'gone');
    const next = gatedJob(log, 'next');
    const client = new AbortController();
    const running = queue.run(first.work);
    const abandoned = queue.run(gone.work, client.signal);
    const waiting = queue.run(next.work);
    client.abort(new Error('client closed'));
    await expect(abandoned).rejects.toThrow('client closed');
    expect(queue.waiting()).toBe(1);
    first.finish();
    next.finish();
    await expect(Promise.all([running, waiting])).resolves.toEqual(['first', 'next']);
    expect(gone.started).toBe(false);
    await expect(queue.run(gone.work, client.signal)).rejects.toThrow('client closed');
  });

  it('bases Retry-After on the recent jobs’ durations: quick jobs ask for the least, 1 s', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0, description: 'photos' });
    for (let i = 0; i < 10; i++) await queue.run(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const log: string[] = [];
    const job = gatedJob(log, 'a');
    const running = queue.run(job.work);
    // One job ahead, and a mean of about 0.1 s after ten 5 ms jobs: rounded up to 1 s.
    await expect(queue.run(async () => 'refused')).rejects.toMatchObject({ retryAfterSeconds: 1 });
    job.finish();
    await running;
  });
});
