import { readBodyBytes } from '@/lib/platform/server/http/read-body-bytes';

/**
 * The raw bytes of an image upload, refusing more than `limit` bytes with 413 as soon as the
 * Content-Length says so or the stream passes it (nothing beyond the limit is buffered).
 */
export function readUploadBody(request: Request, limit: number): Promise<Buffer> {
  return readBodyBytes(request, limit, `Images are limited to ${limit} bytes`);
}
