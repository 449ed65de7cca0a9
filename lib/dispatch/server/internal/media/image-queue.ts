import sharp from 'sharp';
import { getEnv } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { processWide } from '@/lib/platform/server/process-wide';

// Decoding an upload is seconds of CPU at worst, and sharp runs each decode on a thread of
// libuv's pool (4 threads unless UV_THREADPOOL_SIZE says otherwise) for as long as it lasts.
// Unbounded, four uploads at once held the whole pool: sign-ins, whose Argon2 hash runs on that
// pool too, went from 0.03 s to 6.5 s, and the CPU they took starved every other request. So
// the images of one process are decoded `MEDIA_IMAGE_CONCURRENCY` at a time (1 by default, at
// most half the pool), first come first served, each with `MEDIA_IMAGE_THREADS` libvips threads.
// A few uploads may wait; beyond MEDIA_IMAGE_QUEUE the upload is refused at once (503 with
// Retry-After, the app retries it from its outbox): a longer queue would only hold requests
// open for longer than a client waits. Nothing else is held while an image waits or decodes: no
// database connection or transaction, no embedded-database admission (`imageWork` routes).

export interface WorkQueue {
  /**
   * Runs `work` once fewer than `concurrency` jobs run, after those that came first. Throws
   * `service_unavailable` at once when `maxWaiting` jobs already wait, with the seconds the queue
   * is expected to take to drain as its Retry-After. A job whose `signal` aborts while it waits
   * (its client went away) leaves the queue without running, rejecting with the signal's reason.
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Jobs running now. */
  running(): number;
  /** Jobs waiting to run. */
  waiting(): number;
}

/** What a job is assumed to take before any has run: a large photo's decode on a busy core. */
const FIRST_ESTIMATE_MS = 1_000;
/** The weight of the latest job in the running mean of job durations. */
const ESTIMATE_WEIGHT = 0.2;
const MAX_RETRY_AFTER_S = 60;

export function createWorkQueue(options: { concurrency: number; maxWaiting: number; description: string }): WorkQueue {
  const { concurrency, maxWaiting } = options;
  const waiting: (() => void)[] = [];
  let running = 0;
  let meanMs = FIRST_ESTIMATE_MS;

  const startNext = () => {
    while (running < concurrency && waiting.length > 0) {
      running++;
      waiting.shift()!();
    }
  };

  /** Seconds until the jobs running and waiting now are done, going by the recent ones. */
  const secondsToDrain = () => Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(((running + waiting.length) / concurrency) * (meanMs / 1000))));

  return {
    async run(work, signal) {
      if (signal?.aborted) throw signal.reason;
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) {
          const seconds = secondsToDrain();
          throw new DomainError('service_unavailable', `The server is busy with other ${options.description}; retry in ${seconds} s`, {
            retryAfterSeconds: seconds,
          });
        }
        await new Promise<void>((resolve, reject) => {
          const enter = () => {
            signal?.removeEventListener('abort', leave);
            resolve();
          };
          const leave = () => {
            waiting.splice(waiting.indexOf(enter), 1);
            reject(signal!.reason);
          };
          waiting.push(enter);
          signal?.addEventListener('abort', leave, { once: true });
        });
      } else {
        running++;
      }
      const started = performance.now();
      try {
        return await work();
      } finally {
        meanMs += ESTIMATE_WEIGHT * (performance.now() - started - meanMs);
        running--;
        startNext();
      }
    },
    running: () => running,
    waiting: () => waiting.length,
  };
}

/**
 * The process's queue for decoding uploads, shared by every route bundle. libvips is told here,
 * once, how many threads an image may use, and to keep no cache: no two uploads are the same
 * image, and the cache would hold up to 50 MB of decoded pixels for nothing.
 */
export function imageQueue(): WorkQueue {
  return processWide('media-image-queue', () => {
    const env = getEnv();
    sharp.concurrency(env.MEDIA_IMAGE_THREADS);
    sharp.cache(false);
    return createWorkQueue({ concurrency: env.MEDIA_IMAGE_CONCURRENCY, maxWaiting: env.MEDIA_IMAGE_QUEUE, description: 'photos' });
  });
}
