import type { Tx } from '@/lib/platform/server/db/client';
import { emptyPrepHistory, estimateReady, PREP_HISTORY_SIZE, recordPrep, type PrepHistory } from '@/lib/engine/server/internal/ready-estimate';

// When an order's food is ready, for the round: the kitchen's `/ready` signal, else the vendor's
// `pickup_ready_at`, else an estimate learned per branch (account + vendor_bid) from the
// preparation time of its recent orders (created → ready signal; ready-estimate.ts). A round
// reads the history of every branch it plans in one statement; the next round after a `/ready`
// plans with the real time.

/** A branch with no history anywhere: the vendor's own `pickup_wait_time`, else this. */
export const DEFAULT_PREP_S = 15 * 60;

export interface BranchKey {
  accountId: string;
  vendorBid: string;
}

export function branchKey(key: BranchKey): string {
  return `${key.accountId}|${key.vendorBid}`;
}

/**
 * The recent preparation times (seconds) of the branches asked for, PREP_HISTORY_SIZE each: one
 * statement, one index range per branch (`(account_id, vendor_bid, created_at DESC, id DESC)`).
 * Scheduled orders are left out: their ready time was the vendor's plan, not the kitchen's pace.
 */
export async function readPrepHistory(tx: Tx, branches: readonly BranchKey[]): Promise<PrepHistory> {
  const history = emptyPrepHistory();
  if (branches.length === 0) return history;
  const rows = await tx.$queryRaw<{ accountId: string; vendorBid: string; samples: number[] }[]>`
    SELECT b.account_id AS "accountId", b.vendor_bid AS "vendorBid",
           ARRAY(SELECT extract(epoch FROM d.ready_at - d.created_at)::float8
                 FROM dispatches d
                 WHERE d.account_id = b.account_id AND d.vendor_bid = b.vendor_bid
                   AND d.ready_at IS NOT NULL AND d.pickup_ready_at IS NULL
                 ORDER BY d.created_at DESC, d.id DESC LIMIT ${PREP_HISTORY_SIZE}) AS samples
    FROM unnest(${branches.map((b) => b.accountId)}::text[], ${branches.map((b) => b.vendorBid)}::text[]) AS b(account_id, vendor_bid)`;
  // Oldest first: the history keeps the newest last.
  for (const row of rows) for (const prepS of [...row.samples].reverse()) if (prepS >= 0) recordPrep(history, branchKey(row), Number(prepS));
  return history;
}

export interface ReadyInput extends BranchKey {
  createdAt: Date;
  pickupReadyAt: Date | null;
  readyAt: Date | null;
  /** The vendor's `vendor_payload.pickup_wait_time`, minutes. */
  pickupWaitMin: number | null;
}

/**
 * Epoch seconds the food is (expected to be) ready, whether that is known rather than estimated,
 * and for an estimate the earliest plausible time (what the replay measured the engine with).
 */
export function readyTime(order: ReadyInput, history: PrepHistory, nowS: number): { readyAt: number; readyKnown: boolean; readyEarliestAt?: number } {
  if (order.readyAt) return { readyAt: order.readyAt.getTime() / 1000, readyKnown: true };
  if (order.pickupReadyAt) return { readyAt: order.pickupReadyAt.getTime() / 1000, readyKnown: true };
  const fallbackS = order.pickupWaitMin !== null && order.pickupWaitMin >= 0 ? order.pickupWaitMin * 60 : DEFAULT_PREP_S;
  return { ...estimateReady({ history, pickupId: branchKey(order), placedAt: order.createdAt.getTime() / 1000, now: nowS, fallbackS }), readyKnown: false };
}
