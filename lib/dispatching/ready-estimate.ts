/**
 * When will a kitchen's food be ready, before it says so? Each pickup's recent preparation
 * times (placed → ready) give a robust estimate: their median, pulled toward the city-wide
 * median while the pickup has few orders of its own. Pure: the caller keeps the history (the
 * replay as it goes, the live service from each branch's recent dispatches).
 */

/** Samples kept per pickup: recent enough to follow a kitchen's evening, many enough to be stable. */
export const PREP_HISTORY_SIZE = 20;
/** A pickup's own median counts fully from this many samples on. */
const OWN_WEIGHT_SAMPLES = 5;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
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
 * The estimated preparation time of a new order at `pickupId`, in seconds; `fallbackS` when
 * nothing has been observed anywhere yet.
 */
export function estimatePrep(history: PrepHistory, pickupId: string, fallbackS: number): number {
  const city = median(history.all) ?? fallbackS;
  const own = history.byPickup.get(pickupId) ?? [];
  const ownMedian = median(own);
  if (ownMedian === null) return city;
  const weight = Math.min(1, own.length / OWN_WEIGHT_SAMPLES);
  return weight * ownMedian + (1 - weight) * city;
}

/**
 * The ready time to plan with: the estimate, but never in the past while the kitchen has not
 * said it is ready (then it is at least `minAheadS` from now).
 */
export function plannedReadyAt(options: { placedAt: number; prepS: number; now: number; minAheadS: number }): number {
  return Math.max(options.placedAt + options.prepS, options.now + options.minAheadS);
}
