import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { addressThrottleKey } from '@/lib/auth/client-address';

/** Failed sign-ins counted over this window… */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** …per email (guessing one person's password) from devices that never signed in as them… */
export const MAX_FAILURES_PER_EMAIL = 5;
/** …per known device (lib/auth/known-device.ts), which the email's failures do not lock out… */
export const MAX_FAILURES_PER_DEVICE = 5;
/** …and per client address (trying many emails; IPv6 addresses by their /64). */
export const MAX_FAILURES_PER_IP = 50;

/** An attempt the throttle let through, recorded as a failure until the sign-in succeeds. */
export interface LoginAttempt {
  id: bigint;
  /** The login_failures rows it counts with: `email`, or `device:<id>` for a known device. */
  bucket: string;
}

/**
 * Takes one sign-in attempt out of the allowance before the password is checked, or refuses it
 * (429 with Retry-After). Counting and recording are one atomic step in the database
 * (prisma/sql/60_login_attempt_reserve.sql: an advisory lock per bucket and address), so
 * concurrent attempts, from any number of server processes, get no more than the limit between
 * them. The attempt is recorded as a failure up front; a successful sign-in deletes it again
 * (`forgetLoginFailures`). A sign-in from a known device is counted in that device's bucket
 * only; any other in the email's bucket and the address's.
 */
export async function reserveLoginAttempt(options: { email: string; ip: string; deviceId: string | null; now: Date }): Promise<LoginAttempt> {
  const isKnownDevice = options.deviceId !== null;
  const bucket = isKnownDevice ? `device:${options.deviceId}` : options.email;
  const bucketLimit = isKnownDevice ? MAX_FAILURES_PER_DEVICE : MAX_FAILURES_PER_EMAIL;
  const addressLimit = isKnownDevice ? null : MAX_FAILURES_PER_IP;
  const [row] = await db().$queryRaw<{ attempt_id: bigint | null; retry_after_ms: bigint | null }[]>`
    SELECT attempt_id, retry_after_ms FROM login_attempt_reserve(
      ${bucket}, ${bucketLimit}::integer, ${addressThrottleKey(options.ip)}, ${addressLimit}::integer,
      ${THROTTLE_WINDOW_MS}::integer, ${options.now}::timestamptz)`;
  if (row?.attempt_id != null) return { id: BigInt(row.attempt_id), bucket };
  const retryAfterS = Math.max(1, Math.ceil(Number(row?.retry_after_ms ?? THROTTLE_WINDOW_MS) / 1000));
  throw new DomainError('too_many_attempts', `Too many failed sign-ins; try again in ${Math.ceil(retryAfterS / 60)} min`, {
    retryAfterSeconds: retryAfterS,
  });
}

/**
 * After a successful sign-in: its own reserved attempt and the failures before it in its bucket
 * are forgotten (attempts reserved after it, still being checked, stay counted). A query for
 * the caller's transaction.
 */
export function forgetLoginFailures(attempt: LoginAttempt) {
  return db().loginFailure.deleteMany({ where: { bucket: attempt.bucket, id: { lte: attempt.id } } });
}
