import { db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { DomainError } from '@/lib/errors/domain-error';
import { newId, newSecret } from '@/lib/ids/new-id';
import { imageQueue } from '@/lib/media/image-queue';
import { inspectImage } from '@/lib/media/inspect-image';
import { mediaUrlOf } from '@/lib/media/media-url';
import type { MediaKind, MediaView } from '@/lib/media/schemas';
import { mediaStorage } from '@/lib/media/storage';
import { assertScope, type DriverScope } from '@/lib/tenancy/scope';
import { ON_DUTY_STATES } from '@/lib/transitions/statuses';
import { Prisma } from '@/prisma/generated/client';

/**
 * How long after a delivery (or a reported failed delivery) its driver may still add the photo,
 * signature or failure photo: the app sends what it took offline when the signal returns, and
 * the status may have landed first.
 */
export const LATE_UPLOAD_WINDOW_MS = 10 * 60_000;

/** Random characters ending each storage key: the key is also the secret of its signed links. */
const KEY_SECRET_LENGTH = 22;
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Where the driver may add media of `kind`, as a SQL condition on the dispatch `d`: while it is on
 * duty for them (assigned … picked_up), and within LATE_UPLOAD_WINDOW_MS after they delivered it
 * (photo, signature) or reported it failed (failure photo).
 */
function uploadAllowedSql(kind: MediaKind, now: Date): Prisma.Sql {
  const lateSince = new Date(now.getTime() - LATE_UPLOAD_WINDOW_MS);
  const late =
    kind === 'failure_photo'
      ? Prisma.sql`(d.state = 'cancelled' AND d.failure_reason IS NOT NULL AND d.modified_at >= ${lateSince})`
      : Prisma.sql`(d.state = 'delivered' AND d.modified_at >= ${lateSince})`;
  return Prisma.sql`(d.state IN (${Prisma.join([...ON_DUTY_STATES])}) OR ${late})`;
}

/**
 * Adds a photo, signature or failure photo to a dispatch the driver is on: checks the image
 * (inspectImage: 413, 415, 400), stores its re-encoded bytes, and records the `dispatch_media`
 * row. Nothing is stored when anything is refused: the image is checked before it is stored, and
 * the stored object is removed again when the row cannot be written. Another driver's dispatch,
 * or an unknown one, is not found (404); one of the driver's own that is past taking media is
 * 409 invalid_state.
 *
 * The row is written by one statement that re-checks the dispatch (still this driver's, still
 * taking media), so a reassignment between the first check and the write leaves nothing behind.
 */
export async function storeMedia(options: {
  scope: DriverScope;
  dispatchId: string;
  kind: MediaKind;
  bytes: Buffer;
  /** The upload's Content-Type header. */
  declaredType: string | null;
  /** The request's: an upload whose client went away leaves the image queue undecoded. */
  signal?: AbortSignal;
  now?: Date;
}): Promise<MediaView> {
  const scope = assertScope(options.scope);
  if (scope.kind !== 'driver') throw new TypeError('storeMedia: media are added by the dispatch’s driver');
  const { dispatchId, kind } = options;
  const now = options.now ?? new Date();

  const [dispatch] = await db().$queryRaw<{ accountId: string; isAllowed: boolean }[]>(Prisma.sql`
    SELECT d.account_id AS "accountId", ${uploadAllowedSql(kind, now)} AS "isAllowed"
    FROM dispatches d
    WHERE d.id = ${dispatchId} AND d.assigned_driver_id = ${scope.driverId}`);
  if (!dispatch) throw new DomainError('not_found', `No dispatch with id "${dispatchId}"`);
  if (!dispatch.isAllowed) {
    throw new DomainError('invalid_state', `Media can be added while the dispatch is on duty for you, or within ${LATE_UPLOAD_WINDOW_MS / 60_000} minutes after it ended`);
  }

  // No database connection or transaction is held while the image waits for the decoder or is
  // decoded: the check above and the insert below are statements of their own.
  const image = await inspectImage({
    bytes: options.bytes,
    declaredType: options.declaredType,
    kind,
    maxBytes: getEnv().MEDIA_MAX_BYTES,
    schedule: (work) => imageQueue().run(work, options.signal),
  });
  const id = newId('med');
  // Our ids and random characters only: nothing the caller sent names a file or an object.
  const key = `${dispatch.accountId}/${id}-${newSecret(KEY_SECRET_LENGTH)}.${EXTENSIONS[image.contentType]}`;
  const storage = mediaStorage();
  await storage.put(key, image.bytes, image.contentType);
  let written: number;
  try {
    written = await db().$executeRaw(Prisma.sql`
      INSERT INTO dispatch_media (id, account_id, dispatch_id, driver_id, kind, storage, key, content_type, bytes, width, height, created_at)
      SELECT ${id}, d.account_id, d.id, ${scope.driverId}, ${kind}, ${storage.kind}, ${key}, ${image.contentType},
             ${image.bytes.length}, ${image.width}, ${image.height}, ${now}
      FROM dispatches d
      WHERE d.id = ${dispatchId} AND d.assigned_driver_id = ${scope.driverId} AND ${uploadAllowedSql(kind, now)}`);
  } catch (error) {
    await removeQuietly(key, storage.remove);
    throw error;
  }
  if (written !== 1) {
    await removeQuietly(key, storage.remove);
    throw new DomainError('not_found', `No dispatch with id "${dispatchId}"`);
  }
  return { id, kind, url: mediaUrlOf(id) };
}

/** Removes an object whose row was not written; a failure there must not hide the first one. */
async function removeQuietly(key: string, remove: (key: string) => Promise<void>): Promise<void> {
  try {
    await remove(key);
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', message: 'an unrecorded medium could not be removed', key, error: String(error) }));
  }
}
