import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { checkUploadTarget, MEDIA_COUNT_SQL, uploadAllowedSql } from '@/lib/dispatch/server/internal/media/check-upload-target';
import type { MediaKind, MediaStorageKind } from '@/lib/dispatch/server/media/schemas';
import { Prisma } from '@/prisma/generated/client';

/**
 * Writes the `dispatch_media` row of a stored image, re-checking in the same statement that the
 * dispatch is still the driver's, still taking media of `kind`, and keeps fewer than
 * `maxPerDispatch` media; otherwise writes nothing and throws why (checkUploadTarget's 404 or
 * 409). The count and the insert run under a transaction-scoped advisory lock of the dispatch:
 * one statement alone would count from the snapshot it started with, so concurrent uploads would
 * each see room for one more and all be written. The lock is the dispatch's media's alone
 * (status changes do not wait on it) and is held for two statements, never while an image is
 * decoded or stored.
 */
export async function recordMedia(options: {
  id: string;
  driverId: string;
  dispatchId: string;
  kind: MediaKind;
  storage: MediaStorageKind;
  key: string;
  image: { contentType: string; bytes: number; width: number; height: number };
  maxPerDispatch: number;
  now: Date;
}): Promise<void> {
  const { id, driverId, dispatchId, kind, storage, key, image, maxPerDispatch, now } = options;
  const [, written] = await db().$transaction([
    db().$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`dispatch: media ${dispatchId}`}, 0))`,
    db().$executeRaw(Prisma.sql`
      INSERT INTO dispatch_media (id, account_id, dispatch_id, driver_id, kind, storage, key, content_type, bytes, width, height, created_at)
      SELECT ${id}, d.account_id, d.id, ${driverId}, ${kind}, ${storage}, ${key}, ${image.contentType},
             ${image.bytes}, ${image.width}, ${image.height}, ${now}
      FROM dispatches d
      WHERE d.id = ${dispatchId} AND d.assigned_driver_id = ${driverId} AND ${uploadAllowedSql(kind, now)}
        AND ${MEDIA_COUNT_SQL} < ${maxPerDispatch}`),
  ]);
  if (written === 1) return;
  await checkUploadTarget({ driverId, dispatchId, kind, maxPerDispatch, now });
  // Reassigned and back in between, say: the dispatch this upload was for is not the same one.
  throw new DomainError('not_found', `No dispatch with id "${dispatchId}"`);
}
