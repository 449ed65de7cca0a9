/** How many trailing digits identify a phone number across formats (+966 5…, 05…, 9665…). */
export const PHONE_TAIL_DIGITS = 9;

/**
 * The search key of a phone number: its last nine digits, or null when it has fewer (too short
 * to be a phone number, so a search for it is not a phone search). Also computed in SQL by the
 * migration that backfilled `dispatches.phone_tail`.
 */
export function phoneTail(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= PHONE_TAIL_DIGITS ? digits.slice(-PHONE_TAIL_DIGITS) : null;
}
