import { processWide } from '@/lib/platform/server/process-wide';

// The embedded database runs on the server's own thread, so every query of every request
// competes with every other. Admitting a few requests at a time, first come first served, keeps
// each request's queries together: the same throughput, but no request waits behind fifty
// half-finished others (without it, p99 at 50 connections was seconds; see bench/).
//
// Admissions are also spread over event-loop turns, two per turn. Node accepts one new
// connection per turn, and a turn lasts as long as the work its callbacks start: when every
// request admitted in a turn ran its queries in it, a turn took 100–130 ms at 50 connections and
// the last connections of a burst waited seconds to be accepted (max 3.9 s). Two admissions per
// turn keep turns a few milliseconds long: max 229–237 ms at 50 connections, and more
// throughput at 10 (create 352–376 → 380–410 req/s, get 542–562 → 604–627; scratch runs of
// bench/'s requests on this machine). One per turn cost 10 % throughput; four let turns grow
// again (max 498–828 ms).

interface Gate {
  waiting: (() => void)[];
  active: number;
  /** Admissions are scheduled for the next turn (setImmediate). */
  isScheduled: boolean;
}

// One gate for the whole process (with module state, each route bundle had its own places).
function gate(): Gate {
  return processWide<Gate>('admission', () => ({ waiting: [], active: 0, isScheduled: false }));
}

const ADMISSIONS_PER_TURN = 2;

/** Admits the next waiting requests on a later turn, if places are free. */
function schedule(current: Gate, limit: number): void {
  if (current.isScheduled || current.waiting.length === 0 || current.active >= limit) return;
  current.isScheduled = true;
  setImmediate(() => {
    current.isScheduled = false;
    for (let i = 0; i < ADMISSIONS_PER_TURN && current.active < limit; i++) {
      const next = current.waiting.shift();
      if (!next) return;
      current.active++;
      next();
    }
    schedule(current, limit);
  });
}

/**
 * Runs `work` once fewer than `limit` admitted requests are in flight: first come first served,
 * process-wide, at most two admissions per event-loop turn. A request whose `signal` aborts while
 * it waits (its client went away) leaves the queue without running, and `admit` rejects with the
 * signal's reason: under overload the queue holds the requests somebody still waits for.
 */
export async function admit<T>(limit: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const current = gate();
  await new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const enter = () => {
      signal?.removeEventListener('abort', leave);
      resolve();
    };
    const leave = () => {
      current.waiting.splice(current.waiting.indexOf(enter), 1);
      reject(signal!.reason);
    };
    current.waiting.push(enter);
    signal?.addEventListener('abort', leave, { once: true });
    schedule(current, limit);
  });
  try {
    return await work();
  } finally {
    current.active--;
    schedule(current, limit);
  }
}
