import { parseApiTimestamp } from '@/components/i18n/format-time';

/** An estimate as the tracking view carries it: `minutes` from the moment it was made (`time`). */
export interface MadeEstimate {
  minutes: number;
  time: string;
}

/** When the estimate expects the driver: `minutes` after it was made. */
export function arrivalOf(eta: MadeEstimate): Date {
  return new Date(parseApiTimestamp(eta.time).getTime() + eta.minutes * 60_000);
}

/**
 * Whole minutes left until that arrival at `now`, rounded up (a driver 30 s away is "1 min"),
 * between zero and the estimate itself: the page counts the last estimate down between updates
 * instead of showing a figure that grows stale, says "any minute" at zero rather than inventing
 * a new one, and a phone whose clock runs behind the server's never shows more than was estimated.
 */
export function minutesLeft(eta: MadeEstimate, now: number): number {
  return Math.min(eta.minutes, Math.max(0, Math.ceil((arrivalOf(eta).getTime() - now) / 60_000)));
}
