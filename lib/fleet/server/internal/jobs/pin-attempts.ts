import { timingSafeEqual } from 'node:crypto';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { Prisma } from '@/prisma/generated/client';

/** Wrong delivery PINs counted per dispatch over this window… */
export const PIN_WINDOW_MS = 15 * 60_000;
/** …at most this many; the next try is refused (429) until the oldest ages out. */
export const MAX_WRONG_PINS = 5;

export interface PinAttempt {
  id: bigint;
  bucket: string;
}

/**
 * Takes one PIN try of the dispatch out of its allowance, or refuses it (429 with Retry-After).
 * The sign-in throttle's atomic step (lib/platform/server/sql/60_login_attempt_reserve.sql) with the
 * dispatch's own bucket `pin:<id>` and no address limit, run in the delivery's transaction while
 * it holds the dispatch's row lock: the try is reserved by the same transaction that compares the
 * PIN, so no comparison happens without a try spent, whatever races it (a pickup landing, other
 * deliveries). The try is recorded as a failure; a wrong PIN commits it (deliverJob commits
 * before it answers `pin_incorrect`), a right one deletes it (`forgetPinAttempts`).
 */
export async function reservePinAttempt(tx: Prisma.TransactionClient, options: { dispatchId: string; now?: Date }): Promise<PinAttempt> {
  const bucket = `pin:${options.dispatchId}`;
  const [row] = await tx.$queryRaw<{ attempt_id: bigint | null; retry_after_ms: bigint | null }[]>`
    SELECT attempt_id, retry_after_ms FROM login_attempt_reserve(
      ${bucket}, ${MAX_WRONG_PINS}::integer, '', NULL::integer, ${PIN_WINDOW_MS}::integer, ${options.now ?? new Date()}::timestamptz)`;
  if (row?.attempt_id != null) return { id: BigInt(row.attempt_id), bucket };
  const retryAfterS = Math.max(1, Math.ceil(Number(row?.retry_after_ms ?? PIN_WINDOW_MS) / 1000));
  throw new DomainError('too_many_attempts', `Too many wrong PINs for this delivery; try again in ${Math.ceil(retryAfterS / 60)} min`, {
    retryAfterSeconds: retryAfterS,
  });
}

/** After the right PIN: its try and the wrong ones before it are forgotten. */
export function forgetPinAttempts(tx: Prisma.TransactionClient, attempt: PinAttempt) {
  return tx.loginFailure.deleteMany({ where: { bucket: attempt.bucket, id: { lte: attempt.id } } });
}

/** Whether `given` is the customer's PIN, compared in constant time. */
export function isRightPin(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
