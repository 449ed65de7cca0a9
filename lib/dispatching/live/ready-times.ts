import type { Tx } from '@/lib/db/client';

// When an order's food is ready, for the round: the vendor's `pickup_ready_at`, else the kitchen's
// `/ready` signal, else an estimate learned per branch (account + vendor_bid) from the preparation
// time of its recent orders (created → ready signal). A round reads the learned times of every
// branch it plans in one statement; the next round after a `/ready` uses the real time.

/** Recent orders of a branch that teach its preparation time. */
export const PREP_SAMPLES = 20;
/** A branch with no history: the vendor's own `pickup_wait_time`, else this. */
export const DEFAULT_PREP_S = 15 * 60;

export interface BranchKey {
  accountId: string;
  vendorBid: string;
}

export function branchKey(key: BranchKey): string {
  return `${key.accountId}|${key.vendorBid}`;
}

/** The preparation time (seconds) learned from a branch's recent samples: their median. */
export function learnedPrepSeconds(samples: readonly number[]): number | null {
  const usable = samples.filter((s) => Number.isFinite(s) && s >= 0 && s <= 4 * 3600).sort((a, b) => a - b);
  if (usable.length === 0) return null;
  const mid = Math.floor(usable.length / 2);
  return Math.round(usable.length % 2 ? usable[mid]! : (usable[mid - 1]! + usable[mid]!) / 2);
}

/**
 * Preparation samples (seconds) of the branches asked for, newest first, PREP_SAMPLES each: one
 * statement, one index range per branch (`(account_id, vendor_bid, created_at DESC, id DESC)`).
 * Scheduled orders are left out: their ready time was the vendor's plan, not the kitchen's pace.
 */
export async function readPrepSamples(tx: Tx, branches: readonly BranchKey[]): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>();
  if (branches.length === 0) return samples;
  const rows = await tx.$queryRaw<{ accountId: string; vendorBid: string; samples: number[] }[]>`
    SELECT b.account_id AS "accountId", b.vendor_bid AS "vendorBid",
           ARRAY(SELECT extract(epoch FROM d.ready_at - d.created_at)::float8
                 FROM dispatches d
                 WHERE d.account_id = b.account_id AND d.vendor_bid = b.vendor_bid
                   AND d.ready_at IS NOT NULL AND d.pickup_ready_at IS NULL
                 ORDER BY d.created_at DESC, d.id DESC LIMIT ${PREP_SAMPLES}) AS samples
    FROM unnest(${branches.map((b) => b.accountId)}::text[], ${branches.map((b) => b.vendorBid)}::text[]) AS b(account_id, vendor_bid)`;
  for (const row of rows) samples.set(branchKey(row), row.samples.map(Number));
  return samples;
}

export interface ReadyInput {
  createdAt: Date;
  pickupReadyAt: Date | null;
  readyAt: Date | null;
  /** The vendor's `vendor_payload.pickup_wait_time`, minutes. */
  pickupWaitMin: number | null;
}

/** Epoch seconds the food is (expected to be) ready, and whether that is known rather than estimated. */
export function readyTime(order: ReadyInput, learnedPrepS: number | null): { readyAt: number; readyKnown: boolean } {
  if (order.readyAt) return { readyAt: order.readyAt.getTime() / 1000, readyKnown: true };
  if (order.pickupReadyAt) return { readyAt: order.pickupReadyAt.getTime() / 1000, readyKnown: true };
  const prepS = learnedPrepS ?? (order.pickupWaitMin !== null && order.pickupWaitMin >= 0 ? order.pickupWaitMin * 60 : DEFAULT_PREP_S);
  return { readyAt: order.createdAt.getTime() / 1000 + prepS, readyKnown: false };
}
