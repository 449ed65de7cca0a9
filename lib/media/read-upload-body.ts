import { DomainError } from '@/lib/errors/domain-error';

/**
 * The raw bytes of an upload, refusing more than `limit` bytes with 413 as soon as the
 * Content-Length says so or the stream passes it (nothing beyond the limit is buffered).
 * JSON bodies are readJsonBody's (lib/http/read-json-body.ts); images are read here.
 */
export async function readUploadBody(request: Request, limit: number): Promise<Buffer> {
  const tooLarge = () => new DomainError('payload_too_large', `Images are limited to ${limit} bytes`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
