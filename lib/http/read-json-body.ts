import { DomainError } from '@/lib/errors/domain-error';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads and parses a JSON body whatever its Content-Type (spec 1.3.0: the create request's
 * content type is no longer required), refusing bodies over MAX_BODY_BYTES with 413.
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    throw new DomainError('payload_too_large', `Request bodies are limited to ${limit} bytes`);
  }
  if (!request.body) throw new DomainError('invalid_json', 'The request body is empty; a JSON object is expected');

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new DomainError('payload_too_large', `Request bodies are limited to ${limit} bytes`);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks, size).toString('utf8');
  if (text.trim() === '') throw new DomainError('invalid_json', 'The request body is empty; a JSON object is expected');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new DomainError('invalid_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
