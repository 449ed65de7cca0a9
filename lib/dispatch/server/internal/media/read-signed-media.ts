import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { isMediaLinkValid } from '@/lib/dispatch/server/internal/media/media-link-signature';
import type { MediaBytes } from '@/lib/dispatch/server/internal/media/read-media';
import { MEDIA_ID_PATTERN } from '@/lib/dispatch/server/media/schemas';
import { mediaStorage } from '@/lib/dispatch/server/internal/media/storage';

/**
 * The bytes a signed `/media/{id}` link (lib/dispatch/server/internal/media/media-link-signature.ts) points at: 404 for an
 * unknown medium, 403 for an expired or wrong signature. Only media kept on the filesystem have
 * such links (the bucket's are presigned by the bucket).
 */
export async function readSignedMedia(options: { id: string; expires: string | null; signature: string | null; now?: Date }): Promise<MediaBytes> {
  const notFound = new DomainError('not_found', `No media with id "${options.id}"`);
  if (!MEDIA_ID_PATTERN.test(options.id)) throw notFound;
  const media = await db().dispatchMedia.findUnique({
    where: { id: options.id },
    select: { id: true, accountId: true, storage: true, key: true, contentType: true },
  });
  if (!media || media.storage !== 'fs') throw notFound;
  const isValid = isMediaLinkValid({
    id: media.id,
    accountId: media.accountId,
    secret: media.key,
    expires: options.expires,
    signature: options.signature,
    now: options.now ?? new Date(),
  });
  if (!isValid) throw new DomainError('forbidden', 'The link has expired or its signature is wrong; ask GET /ext/media/{id} for a new one');
  const bytes = await mediaStorage('fs').get(media.key);
  if (!bytes) throw new Error(`Media ${media.id}: the stored file ${media.key} is missing`);
  return { bytes, contentType: media.contentType };
}
