/**
 * When will a kitchen's food be ready, before it says so? Each pickup's recent preparation
 * times (placed → ready) give a robust estimate: a low quantile of them, pulled toward the
 * city-wide one while the pickup has few orders of its own. Pure: the caller keeps the history (the
 * replay as it goes, the live service from each branch's recent dispatches).
 */

/** Samples kept per pickup: recent enough to follow a kitchen's evening, many enough to be stable. */
export const PREP_HISTORY_SIZE = 20;
/** A pickup's own median counts fully from this many samples on. */
const OWN_WEIGHT_SAMPLES = 5;
/** The quantile of recent preparation times an estimate gives by default: the median. */
export const PLANNING_QUANTILE = 0.5;

/** The `q`-quantile (0–1) of `values`, linearly interpolated; null when there are none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

export interface PrepHistory {
  /** Recent preparation times (seconds) per pickup id, newest last, at most PREP_HISTORY_SIZE each. */
  byPickup: Map<string, number[]>;
  /** Recent preparation times of every pickup, newest last. */
  all: number[];
}

export function emptyPrepHistory(): PrepHistory {
  return { byPickup: new Map(), all: [] };
}

/** Records one observed preparation time (the food was ready `prepS` after the order). */
export function recordPrep(history: PrepHistory, pickupId: string, prepS: number): void {
  const own = history.byPickup.get(pickupId) ?? [];
  own.push(prepS);
  if (own.length > PREP_HISTORY_SIZE) own.shift();
  history.byPickup.set(pickupId, own);
  history.all.push(prepS);
  if (history.all.length > PREP_HISTORY_SIZE * 10) history.all.shift();
}

/**
 * The preparation time to plan a new order at `pickupId` with, in seconds; `fallbackS` when
 * nothing has been observed anywhere yet. It is a low quantile (`PLANNING_QUANTILE`), not the
 * median: a courier who arrives before the food waits a few minutes, one who arrives after
 * it makes the customer wait, and the ready signal corrects the plan when the food is late.
 */
export function estimatePrep(history: PrepHistory, pickupId: string, fallbackS: number, q = PLANNING_QUANTILE, elapsedS = 0): number {
  // Food not ready after `elapsedS` is food that takes longer: only longer preparations say how much.
  const longer = (samples: readonly number[]) => samples.filter((sample) => sample > elapsedS);
  const city = quantile(longer(history.all), q) ?? Math.max(fallbackS, elapsedS);
  const own = longer(history.byPickup.get(pickupId) ?? []);
  const ownEstimate = quantile(own, q);
  if (ownEstimate === null) return city;
  const weight = Math.min(1, own.length / OWN_WEIGHT_SAMPLES);
  return weight * ownEstimate + (1 - weight) * city;
}

/**
 * The ready time to plan with: the estimate, but never in the past while the kitchen has not
 * said it is ready (then it is at least `minAheadS` from now).
 */
export function plannedReadyAt(options: { placedAt: number; prepS: number; now: number; minAheadS: number }): number {
  return Math.max(options.placedAt + options.prepS, options.now + options.minAheadS);
}

/** The quantile of preparation times an order's earliest plausible ready time is planned with. */
export const EARLIEST_QUANTILE = 0.1;
/** An estimated ready time is never planned sooner than this from now (the kitchen has not said "ready"). */
export const MIN_AHEAD_S = 60;

/**
 * What the engine is told of food whose kitchen has not said "ready": the median estimate given
 * the time already passed, and the earliest plausible one (`OpenOrder.readyEarliestAt`). The
 * replay and the live service both call this.
 */
export function estimateReady(options: { history: PrepHistory; pickupId: string; placedAt: number; now: number; fallbackS: number }): {
  readyAt: number;
  readyEarliestAt: number;
} {
  const { history, pickupId, placedAt, now, fallbackS } = options;
  const at = (q: number) => plannedReadyAt({ placedAt, prepS: estimatePrep(history, pickupId, fallbackS, q, now - placedAt), now, minAheadS: MIN_AHEAD_S });
  return { readyAt: at(0.5), readyEarliestAt: at(EARLIEST_QUANTILE) };
}
