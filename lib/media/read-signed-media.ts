import { db } from '@/lib/db/client';
import { isMediaLinkValid } from '@/lib/media/media-link-signature';
import type { MediaBytes } from '@/lib/media/read-media';
import { mediaStorage } from '@/lib/media/storage';

/** Why a signed link does not lead to bytes: an unknown medium, or an expired or wrong signature. */
export type SignedMediaRefusal = 'not_found' | 'invalid_signature';

/**
 * The bytes a signed `/media/{id}` link (lib/media/media-link-signature.ts) points at, or why not.
 * Only media kept on the filesystem have such links (the bucket's are presigned by the bucket).
 */
export async function readSignedMedia(options: {
  id: string;
  expires: string | null;
  signature: string | null;
  now?: Date;
}): Promise<MediaBytes | { refused: SignedMediaRefusal }> {
  const media = await db().dispatchMedia.findUnique({
    where: { id: options.id },
    select: { id: true, accountId: true, storage: true, key: true, contentType: true },
  });
  if (!media || media.storage !== 'fs') return { refused: 'not_found' };
  const isValid = isMediaLinkValid({
    id: media.id,
    accountId: media.accountId,
    secret: media.key,
    expires: options.expires,
    signature: options.signature,
    now: options.now ?? new Date(),
  });
  if (!isValid) return { refused: 'invalid_signature' };
  const bytes = await mediaStorage('fs').get(media.key);
  if (!bytes) throw new Error(`Media ${media.id}: the stored file ${media.key} is missing`);
  return { bytes, contentType: media.contentType };
}
