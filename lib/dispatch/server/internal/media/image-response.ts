import type { MediaBytes } from '@/lib/dispatch/server/internal/media/read-media';

/**
 * A stored image as an HTTP response: its stored type (never sniffed), kept privately by the
 * browser for the life of a signed link. The bytes are our own re-encoding (inspect-image.ts).
 */
export function imageResponse(media: MediaBytes): Response {
  return new Response(new Uint8Array(media.bytes), {
    status: 200,
    headers: {
      'content-type': media.contentType,
      'content-length': String(media.bytes.length),
      'cache-control': 'private, max-age=600',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    },
  });
}
