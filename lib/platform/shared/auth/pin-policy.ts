// Which driver PINs are refused when an admin sets one: the PINs people choose first, which an
// attacker tries first. Studies of human-chosen 6-digit PINs (Wang et al., "Understanding
// Human-chosen PINs", 2017; Markert et al., "This PIN Can Be Easily Guessed", 2020) find a few
// dozen PINs and a few patterns covering a large share of all choices: one digit repeated, runs up
// or down the digits, a short block repeated or mirrored, keypad lines, dates, and the phone's own
// digits. A blocklist of those is what those studies found cuts a throttled attacker's success
// most; the rest of the defence is the sign-in throttle (lib/platform/server/auth/login-throttle.ts, SECURITY.md).
// Browser-safe: the console's form checks the same rule before it sends the PIN.

/** PINs from the top of published 6-digit PIN frequency lists that the patterns below miss. */
const COMMON_PINS = new Set([
  '112233', '123321', '654123', '123654', '147258', '258369', '147852', '159753', '159357', '741852',
  '852963', '963852', '789456', '456789', '987456', '456123', '321654', '102030', '100200', '101010',
  '202020', '112211', '520520', '521521', '520131', '201314', '131420', '110110', '110120', '119119',
  '147369', '369258', '258456', '852456', '654789', '789123', '321123', '135790', '246810', '135246',
  '098765', '121314', '111222', '222333', '112358', '314159', '142857', '696969', '007007', '070707',
]);

/** A run of consecutive digits going up or down (0 after 9 continues a run: 890123). */
function isRun(pin: string): boolean {
  const steps = new Set<number>();
  for (let i = 1; i < pin.length; i++) steps.add((Number(pin[i]) - Number(pin[i - 1]) + 10) % 10);
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}

/** A block of 1–3 digits repeated (111111, 121212, 123123), or a first half mirrored (123321). */
function isRepeatedOrMirrored(pin: string): boolean {
  for (let size = 1; size <= 3; size++) {
    if (pin.length % size === 0 && pin.slice(0, size).repeat(pin.length / size) === pin) return true;
  }
  const half = pin.length / 2;
  return Number.isInteger(half) && pin.slice(half) === [...pin.slice(0, half)].reverse().join('');
}

function isDay(day: number, month: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** A date as people write birthdays: DDMMYY, MMDDYY or YYMMDD for six digits; DDMMYYYY, MMDDYYYY or YYYYMMDD for eight. */
function isDate(pin: string): boolean {
  const n = (from: number, to: number) => Number(pin.slice(from, to));
  if (pin.length === 6) return isDay(n(0, 2), n(2, 4)) || isDay(n(2, 4), n(0, 2)) || isDay(n(4, 6), n(2, 4));
  if (pin.length === 8) {
    const isYear = (year: number) => year >= 1900 && year <= 2099;
    return (isYear(n(4, 8)) && (isDay(n(0, 2), n(2, 4)) || isDay(n(2, 4), n(0, 2)))) || (isYear(n(0, 4)) && isDay(n(6, 8), n(4, 6)));
  }
  return false;
}

/**
 * Why `pin` is too easy to guess, or null when it is not: one of the commonest choices, a
 * repeated or mirrored block, a run of digits, a date, or the end of the driver's own phone
 * number. Expects digits only (the schema checks that first).
 */
export function weakPinReason(pin: string, phone?: string): string | null {
  if (COMMON_PINS.has(pin)) return 'is one of the PINs people choose most often: choose another';
  if (isRepeatedOrMirrored(pin)) return 'repeats or mirrors a few digits (like 121212 or 123321): choose another';
  if (isRun(pin)) return 'is a run of digits (like 123456 or 987654): choose another';
  if (isDate(pin)) return 'reads as a date, which is guessed first: choose another';
  if (phone && phone.replace(/\D/g, '').endsWith(pin)) return 'is the end of the driver’s phone number: choose another';
  return null;
}

/** A random PIN of `length` digits that passes weakPinReason (the console's suggestion). */
export function randomStrongPin(length = 6, phone?: string): string {
  for (;;) {
    const digits = crypto.getRandomValues(new Uint8Array(length * 2));
    // Bytes ≥ 250 are dropped so every digit is equally likely.
    const pin = [...digits].filter((byte) => byte < 250).slice(0, length).map((byte) => byte % 10).join('');
    if (pin.length === length && weakPinReason(pin, phone) === null) return pin;
  }
}
