import { getEnv } from '@/lib/platform/server/env';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { newId, newSecret } from '@/lib/platform/server/ids/new-id';
import { checkUploadTarget } from '@/lib/dispatch/server/internal/media/check-upload-target';
import { imageQueue } from '@/lib/dispatch/server/internal/media/image-queue';
import { inspectImage, type InspectedImage } from '@/lib/dispatch/server/internal/media/inspect-image';
import { mediaUrlOf } from '@/lib/dispatch/server/media/media-url';
import { recordMedia } from '@/lib/dispatch/server/internal/media/record-media';
import { reserveUpload, returnUpload } from '@/lib/dispatch/server/internal/media/reserve-upload';
import type { MediaKind, MediaView } from '@/lib/dispatch/server/media/schemas';
import { mediaStorage } from '@/lib/dispatch/server/internal/media/storage';
import { assertScope, type DriverScope } from '@/lib/platform/server/tenancy/scope';

/** Random characters ending each storage key: the key is also the secret of its signed links. */
const KEY_SECRET_LENGTH = 22;
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Adds a photo, signature or failure photo to a dispatch the driver is on: checks the dispatch
 * (404, 409 past taking media or keeping MEDIA_PER_DISPATCH already), takes the upload out of the
 * driver's allowance (429, reserveUpload), checks and re-encodes the image in the process's image
 * queue (503 when it is full; inspectImage: 413, 415, 400), stores the bytes, and records the
 * `dispatch_media` row (recordMedia re-checks the dispatch and its count in the statement that
 * writes it). Nothing is stored when anything is refused, and the stored object is removed again
 * when the row cannot be written. No database connection or transaction is held while the image
 * waits for the decoder or is decoded: each step is its own short statement.
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
  const { driverId } = scope;
  const now = options.now ?? new Date();
  const env = getEnv();
  const maxPerDispatch = env.MEDIA_PER_DISPATCH;

  const { accountId } = await checkUploadTarget({ driverId, dispatchId, kind, maxPerDispatch, now });
  const attempt = await reserveUpload({ driverId, now });
  let image: InspectedImage;
  try {
    image = await inspectImage({
      bytes: options.bytes,
      declaredType: options.declaredType,
      kind,
      maxBytes: env.MEDIA_MAX_BYTES,
      schedule: (work) => imageQueue().run(work, options.signal),
    });
  } catch (error) {
    // The queue was full or the client left before its turn: nothing was decoded, so the upload
    // the app sends again must not count twice.
    const isUndecoded = (error instanceof DomainError && error.code === 'service_unavailable') || (options.signal?.aborted && error === options.signal.reason);
    if (isUndecoded) await returnUpload(attempt);
    throw error;
  }
  const id = newId('med');
  // Our ids and random characters only: nothing the caller sent names a file or an object.
  const key = `${accountId}/${id}-${newSecret(KEY_SECRET_LENGTH)}.${EXTENSIONS[image.contentType]}`;
  const storage = mediaStorage();
  await storage.put(key, image.bytes, image.contentType);
  try {
    await recordMedia({
      id,
      driverId,
      dispatchId,
      kind,
      storage: storage.kind,
      key,
      image: { contentType: image.contentType, bytes: image.bytes.length, width: image.width, height: image.height },
      maxPerDispatch,
      now,
    });
  } catch (error) {
    await removeQuietly(key, storage.remove);
    throw error;
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
