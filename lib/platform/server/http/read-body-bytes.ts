import { DomainError } from '@/lib/platform/server/errors/domain-error';

/**
 * A request body's bytes, refusing more than `limit` with 413 (`tooLarge` is its description) as
 * soon as the Content-Length says so or the stream passes it: nothing beyond the limit is
 * buffered. JSON bodies (read-json-body.ts) and the driver app's image uploads are read here.
 */
export async function readBodyBytes(request: Request, limit: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new DomainError('payload_too_large', tooLarge);
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
      throw new DomainError('payload_too_large', tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
