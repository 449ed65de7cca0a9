import { getEnv } from '@/lib/platform/server/env';

/**
 * The stable address of a driver's photo or signature as the record's `media_url` shows it: the
 * owning account's API key reads it there and is sent on to an expiring signed link
 * (app/ext/media/[id]); any other key gets 404.
 */
export function mediaUrlOf(mediaId: string): string {
  return `${getEnv().PUBLIC_URL}/ext/media/${mediaId}`;
}
