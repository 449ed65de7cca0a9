// Why a delivery failed, as the driver reports it (POST /api/driver/jobs/{id}/fail): the names
// only, zod-free, so the driver app's picker can import them. A failed delivery is recorded as
// `cancelled` (picked_up → cancelled, lib/dispatch/shared/transitions/statuses.ts) with the record's
// `cancellation.reason` DELIVERY_FAILED and `cancellation.failure` {reason, note}.

export const FAILURE_REASONS = ['customer_unreachable', 'wrong_address', 'refused'] as const;

export type FailureReason = (typeof FAILURE_REASONS)[number];

/** The record's `cancellation.reason` of a failed delivery (not a reason a vendor can give). */
export const DELIVERY_FAILED = 'delivery_failed';

/** The longest note a driver may add. */
export const FAILURE_NOTE_MAX = 500;
