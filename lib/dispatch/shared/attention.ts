import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';

// When a dispatch needs someone's attention: the one rule the dashboard's list, the dispatch page
// and the console read (no zod, no server code: the browser imports it). A restaurant watches for
// two things going wrong — nobody has come for the food, or the food is not on its way when it
// should be — and for a promised delivery time being missed.

/** Minutes without a driver after which a waiting dispatch stands out. */
export const NO_DRIVER_AFTER_MIN = 10;
/** Minutes after the food was ready (said, or planned) without a pickup. */
export const PICKUP_LATE_AFTER_MIN = 10;

export type AttentionReason = 'no_driver' | 'pickup_late' | 'deadline_passed';

export interface Attention {
  reason: AttentionReason;
  /** Minutes the condition has lasted (0 just after it began). */
  minutes: number;
}

interface AttentionFields {
  status: readonly { status: string }[];
  created_at: string;
  ready_at: string | null;
  pickup_ready_at: string | null;
  dropoff_deadline: string | null;
}

/** The spec's `YYYY-MM-DD HH:MM:SS.mmm` (UTC) in epoch milliseconds. */
function timeOf(value: string | null): number | null {
  if (!value) return null;
  const ms = Date.parse(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : ms;
}

const WAITING_FOR_DRIVER = new Set(['new', 'dispatch_accepted']);
const BEFORE_PICKUP = new Set(['assigned', 'accepted', 'ready_for_pickup']);
const ENDED = new Set(['delivered', 'qa_qc', 'cancelled', 'dispatch_rejected']);

/**
 * Why the dispatch stands out at `now`, or null: the delivery deadline passed before delivery; no
 * driver NO_DRIVER_AFTER_MIN after it was created (or after its planned pickup, when scheduled);
 * not picked up PICKUP_LATE_AFTER_MIN after the food was ready.
 */
export function attentionOf(dispatch: AttentionFields, now: number): Attention | null {
  const state = currentStatus(dispatch.status);
  if (ENDED.has(state)) return null;
  const since = (start: number) => Math.max(0, Math.floor((now - start) / 60_000));
  const deadline = timeOf(dispatch.dropoff_deadline);
  if (deadline !== null && now > deadline) return { reason: 'deadline_passed', minutes: since(deadline) };
  if (WAITING_FOR_DRIVER.has(state)) {
    // A scheduled dispatch waits for its planned pickup; only then does "no driver" count.
    const start = Math.max(timeOf(dispatch.created_at) ?? now, timeOf(dispatch.pickup_ready_at) ?? 0);
    const late = start + NO_DRIVER_AFTER_MIN * 60_000;
    return now > late ? { reason: 'no_driver', minutes: since(start) } : null;
  }
  if (BEFORE_PICKUP.has(state)) {
    const ready = timeOf(dispatch.ready_at) ?? timeOf(dispatch.pickup_ready_at);
    if (ready === null) return null;
    return now > ready + PICKUP_LATE_AFTER_MIN * 60_000 ? { reason: 'pickup_late', minutes: since(ready) } : null;
  }
  return null;
}
