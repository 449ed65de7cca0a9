/** How long a stored reply answers a repeated `Idempotency-Key` (and how long housekeeping keeps it). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Printable ASCII, 1–255 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
