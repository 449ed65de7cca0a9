import { createHash } from 'node:crypto';
import { getEnv } from '@/lib/env';
import { hashRequest, runIdempotent } from '@/lib/http/idempotency';
import type { Reply } from '@/lib/http/reply';
import { driverRoute, otherMethods } from '@/lib/http/route';
import { readUploadBody } from '@/lib/media/read-upload-body';
import { MediaUploadQuerySchema } from '@/lib/media/schemas';
import { storeMedia } from '@/lib/media/store-media';
import { parseQuery } from '@/lib/validation/parse-input';

// POST /api/driver/jobs/{id}/media?kind=photo|signature|failure_photo — add a proof-of-delivery image (the body is the image)
// The body is bytes, not JSON, so the wrapper's idempotency (which hashes a JSON body) is not
// used: the Idempotency-Key is honoured here, over a hash of the image and its declared type.
export const POST = driverRoute<{ id: string }>({ imageWork: true }, async ({ request, params, scope, caller }) => {
  const { kind } = parseQuery(MediaUploadQuerySchema, request);
  const bytes = await readUploadBody(request, getEnv().MEDIA_MAX_BYTES);
  const declaredType = request.headers.get('content-type');
  const store = (): Promise<Reply> =>
    storeMedia({ scope, dispatchId: params.id, kind, bytes, declaredType, signal: request.signal }).then((data) => ({ status: 201, body: { data } }));
  const key = request.headers.get('idempotency-key');
  if (key === null) return store();
  const digest = createHash('sha256').update(bytes).digest('hex');
  const requestHash = hashRequest('POST', `${new URL(request.url).pathname}?kind=${kind}`, { content_type: declaredType, sha256: digest });
  return runIdempotent({ owner: { driverId: caller.driverId }, key, requestHash }, store);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
