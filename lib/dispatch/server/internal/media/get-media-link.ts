import { findMedia } from '@/lib/dispatch/server/internal/media/find-media';
import { mediaStorage } from '@/lib/dispatch/server/internal/media/storage';
import type { AccountScope, PlatformScope } from '@/lib/platform/server/tenancy/scope';

/**
 * An expiring link (10 minutes) to a medium of the caller's account, which needs no API key: the
 * filesystem's signed `/media/{id}` link or the bucket's presigned URL. Another account's medium
 * is not found.
 */
export async function getMediaLink(options: { scope: AccountScope | PlatformScope; id: string; now?: Date }): Promise<string> {
  const media = await findMedia(options);
  return mediaStorage(media.storage).signedUrl(media, options.now);
}
