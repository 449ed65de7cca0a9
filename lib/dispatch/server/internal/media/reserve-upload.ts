import { db } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { THROTTLE_WINDOW_MS } from '@/lib/platform/server/auth/login-throttle';

/**
 * Uploads of one driver are counted over this window (the sign-in throttle's: the housekeeping
 * deletes the rows counted in it once they are older, lib/edge/server/internal/housekeeping/purge-expired.ts).
 */
export const UPLOAD_WINDOW_MS = THROTTLE_WINDOW_MS;

export interface UploadAttempt {
  id: bigint;
  bucket: string;
}

/**
 * Takes one upload out of the driver's allowance, MEDIA_UPLOADS_PER_DRIVER per UPLOAD_WINDOW_MS
 * across all their dispatches, or refuses it (429 `too_many_requests` with Retry-After). An
 * upload costs the server a decode whatever its outcome, so every attempt counts, refused images
 * included. The sign-in throttle's atomic step (lib/platform/server/sql/60_login_attempt_reserve.sql, its
 * advisory lock per bucket) in the driver's own bucket `media:<driver id>` and no address limit:
 * concurrent uploads from any number of server processes get no more than the limit between
 * them. Null when the limit is off (0).
 */
export async function reserveUpload(options: { driverId: string; now: Date }): Promise<UploadAttempt | null> {
  const limit = getEnv().MEDIA_UPLOADS_PER_DRIVER;
  if (limit === 0) return null;
  const bucket = `media:${options.driverId}`;
  const [row] = await db().$queryRaw<{ attempt_id: bigint | null; retry_after_ms: bigint | null }[]>`
    SELECT attempt_id, retry_after_ms FROM login_attempt_reserve(
      ${bucket}, ${limit}::integer, '', NULL::integer, ${UPLOAD_WINDOW_MS}::integer, ${options.now}::timestamptz)`;
  if (row?.attempt_id != null) return { id: BigInt(row.attempt_id), bucket };
  const retryAfterS = Math.max(1, Math.ceil(Number(row?.retry_after_ms ?? UPLOAD_WINDOW_MS) / 1000));
  throw new DomainError(
    'too_many_requests',
    `Too many uploads: a driver may send ${limit} photos and signatures in ${UPLOAD_WINDOW_MS / 60_000} minutes; retry in ${Math.ceil(retryAfterS / 60)} min`,
    { retryAfterSeconds: retryAfterS },
  );
}

/** Gives an upload back: the server had no room to decode it, which is not the driver's doing. */
export async function returnUpload(attempt: UploadAttempt | null): Promise<void> {
  if (attempt) await db().loginFailure.deleteMany({ where: { bucket: attempt.bucket, id: attempt.id } });
}
