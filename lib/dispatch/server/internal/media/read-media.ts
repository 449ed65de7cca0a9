import { findMedia } from '@/lib/dispatch/server/internal/media/find-media';
import { mediaStorage } from '@/lib/dispatch/server/internal/media/storage';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

/** A stored image and its type. */
export interface MediaBytes {
  bytes: Buffer;
  contentType: string;
}

/**
 * The bytes of a medium within `scope` (the driver app shows its own uploads; the console its QA
 * thumbnails). Another tenant's or driver's medium is not found.
 */
export async function readMedia(options: { scope: Scope; id: string }): Promise<MediaBytes> {
  const media = await findMedia(options);
  const bytes = await mediaStorage(media.storage).get(media.key);
  // The row says the object exists: its absence is our fault (a lost volume), not the caller's.
  if (!bytes) throw new Error(`Media ${media.id}: the stored object ${media.storage}:${media.key} is missing`);
  return { bytes, contentType: media.contentType };
}
