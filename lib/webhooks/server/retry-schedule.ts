// When a failed delivery is tried again: the first retry after the base delay, each further one
// twice as long, with ±10 % jitter so that deliveries failed together do not retry together.

/** Delay before retry number `retry` (1 = the first retry): base · 2^(retry−1), ±10 %. */
export function retryDelayMs(retry: number, baseMs: number, random: () => number = Math.random): number {
  return Math.round(baseMs * 2 ** (retry - 1) * (0.9 + 0.2 * random()));
}

export type AttemptOutcome = { status: 'succeeded' } | { status: 'failed' } | { status: 'pending'; retryInMs: number };

/**
 * What follows an attempt: success ends the delivery; a failure schedules the next retry until
 * `maxAttempts` attempts of the current series (a manual redelivery starts a new one) are spent.
 */
export function outcomeOfAttempt(options: {
  ok: boolean;
  attemptInSeries: number;
  maxAttempts: number;
  retryBaseMs: number;
  random?: () => number;
}): AttemptOutcome {
  if (options.ok) return { status: 'succeeded' };
  if (options.attemptInSeries >= options.maxAttempts) return { status: 'failed' };
  return { status: 'pending', retryInMs: retryDelayMs(options.attemptInSeries, options.retryBaseMs, options.random) };
}
