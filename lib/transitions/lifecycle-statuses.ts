// The status names alone, without zod: client components (the dispatch list's filter and
// badges) import these, and pulling zod into the browser would cost ~60 KB of first-load script.
// `lib/transitions/statuses.ts` re-exports them beside the transition rules.

export const LIFECYCLE_STATUSES = [
  'new',
  'dispatch_accepted',
  'dispatch_rejected',
  'assigned',
  'accepted',
  'ready_for_pickup',
  'picked_up',
  'delivered',
  'qa_qc',
  'cancelled',
] as const;

/** Appended to the history without changing the lifecycle state. */
export const MARKER_STATUSES = ['near_pickup', 'near_destination'] as const;

export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
export type MarkerStatus = (typeof MARKER_STATUSES)[number];

export function isLifecycleStatus(status: string): status is LifecycleStatus {
  return (LIFECYCLE_STATUSES as readonly string[]).includes(status);
}
