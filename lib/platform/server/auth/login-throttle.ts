import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { addressThrottleKey } from '@/lib/platform/server/auth/client-address';
import { getEnv } from '@/lib/platform/server/env';

/** Failed sign-ins counted over this window… */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** …per email (guessing one person's password) from devices that never signed in as them… */
export const MAX_FAILURES_PER_EMAIL = 5;
/** …per known device (lib/platform/server/auth/known-device.ts), which the email's failures do not lock out… */
export const MAX_FAILURES_PER_DEVICE = 5;
/** …and per client address (trying many emails; IPv6 addresses by their /64). */
export const MAX_FAILURES_PER_IP = 50;
/**
 * A phone's failures from unknown devices also count over a day: after two lockouts of the
 * 15-minute window, the phone is refused PINs from new devices until the day's oldest ages out.
 */
export const MAX_FAILURES_PER_PHONE_PER_DAY = 10;
export const DAY_WINDOW_MS = 24 * 3_600_000;
/** Failed sign-ins are kept this long (the longest window any limit counts over); housekeeping deletes older ones. */
export const FAILURES_KEPT_MS = DAY_WINDOW_MS;

/** Which limit refused a phone sign-in (lib/platform/server/sql/61_phone_sign_in_reserve.sql). */
type PhoneRefusal = 'phone' | 'phone_day' | 'address' | 'platform';

function tooManyAttempts(retryAfterMs: bigint | number | null, description: (minutes: number) => string): DomainError {
  const retryAfterS = Math.max(1, Math.ceil(Number(retryAfterMs ?? THROTTLE_WINDOW_MS) / 1000));
  return new DomainError('too_many_attempts', description(Math.ceil(retryAfterS / 60)), { retryAfterSeconds: retryAfterS });
}

/** An attempt the throttle let through, recorded as a failure until the sign-in succeeds. */
export interface LoginAttempt {
  id: bigint;
  /** The login_failures rows it counts with: `email`, or `device:<id>` for a known device. */
  bucket: string;
}

/**
 * Takes one sign-in attempt out of the allowance before the password is checked, or refuses it
 * (429 with Retry-After). Counting and recording are one atomic step in the database
 * (lib/platform/server/sql/60_login_attempt_reserve.sql and 61_phone_sign_in_reserve.sql: advisory locks per
 * bucket, address and pool), so concurrent attempts, from any number of server processes, get no
 * more than the limit between them. The attempt is recorded as a failure up front; a successful
 * sign-in deletes it again (`forgetLoginFailures`).
 * - From a known device: counted in that device's bucket only (a stranger cannot lock it out).
 * - An email from any other device: in the email's bucket and the address's.
 * - A driver's phone from any other device: in the phone's bucket over 15 minutes and over a day,
 *   the address's, and the platform's budget of phone failures (DRIVER_PIN_FAILURE_BUDGET per 15
 *   minutes across all phones), so PIN guesses spread over many phones and addresses stop too.
 */
export async function reserveLoginAttempt(options: {
  /** The sign-in name: an email, or `phone:<E.164>` for a driver. */
  name: string;
  isPhone: boolean;
  ip: string;
  deviceId: string | null;
  now: Date;
}): Promise<LoginAttempt> {
  const isKnownDevice = options.deviceId !== null;
  const address = addressThrottleKey(options.ip);
  if (options.isPhone && !isKnownDevice) {
    const [row] = await db().$queryRaw<{ attempt_id: bigint | null; retry_after_ms: bigint | null; refused_by: PhoneRefusal | null }[]>`
      SELECT attempt_id, retry_after_ms, refused_by FROM phone_sign_in_reserve(
        ${options.name}, ${address}, ${options.now}::timestamptz,
        ${MAX_FAILURES_PER_EMAIL}::integer, ${THROTTLE_WINDOW_MS}::integer,
        ${MAX_FAILURES_PER_PHONE_PER_DAY}::integer, ${DAY_WINDOW_MS}::integer,
        ${MAX_FAILURES_PER_IP}::integer, ${THROTTLE_WINDOW_MS}::integer,
        ${getEnv().DRIVER_PIN_FAILURE_BUDGET}::integer, ${THROTTLE_WINDOW_MS}::integer)`;
    if (row?.attempt_id != null) return { id: BigInt(row.attempt_id), bucket: options.name };
    if (row?.refused_by === 'platform') {
      throw tooManyAttempts(
        row.retry_after_ms,
        (minutes) =>
          `Sign-ins with a PIN from phones that never signed in here are paused for ${minutes} min after many wrong PINs: a phone you signed in on before still can, or ask your dispatcher for a sign-in link`,
      );
    }
    throw tooManyAttempts(row?.retry_after_ms ?? null, (minutes) => `Too many failed sign-ins; try again in ${minutes} min`);
  }
  const bucket = isKnownDevice ? `device:${options.deviceId}` : options.name;
  const bucketLimit = isKnownDevice ? MAX_FAILURES_PER_DEVICE : MAX_FAILURES_PER_EMAIL;
  const addressLimit = isKnownDevice ? null : MAX_FAILURES_PER_IP;
  const [row] = await db().$queryRaw<{ attempt_id: bigint | null; retry_after_ms: bigint | null }[]>`
    SELECT attempt_id, retry_after_ms FROM login_attempt_reserve(
      ${bucket}, ${bucketLimit}::integer, ${address}, ${addressLimit}::integer,
      ${THROTTLE_WINDOW_MS}::integer, ${options.now}::timestamptz)`;
  if (row?.attempt_id != null) return { id: BigInt(row.attempt_id), bucket };
  throw tooManyAttempts(row?.retry_after_ms ?? null, (minutes) => `Too many failed sign-ins; try again in ${minutes} min`);
}

/**
 * After a successful sign-in: its own reserved attempt and the failures before it in its bucket
 * are forgotten (attempts reserved after it, still being checked, stay counted). A query for
 * the caller's transaction.
 */
export function forgetLoginFailures(attempt: LoginAttempt) {
  return db().loginFailure.deleteMany({ where: { bucket: attempt.bucket, id: { lte: attempt.id } } });
}
