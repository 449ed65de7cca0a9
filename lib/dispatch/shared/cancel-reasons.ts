// Why a dispatch was cancelled: the names only, zod-free, so the browser's pickers can import
// them; the request schema is CancelDispatchBodySchema (lib/dispatch/shared/schemas.ts).

export const CANCEL_REASONS = ['customer_cancelled', 'kitchen_cannot_prepare', 'duplicate_order', 'address_problem', 'other'] as const;

export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The longest `reason_text` accepted. */
export const CANCEL_REASON_TEXT_MAX = 500;
