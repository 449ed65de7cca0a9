import { otherMethods } from '@/lib/http/route';
import { imageResponse } from '@/lib/media/image-response';
import { readSignedMedia } from '@/lib/media/read-signed-media';
import { MEDIA_ID_PATTERN } from '@/lib/media/schemas';

// Not an API route: the link is the credential, and its answer is an image the browser may keep
// for the link's lifetime (`private, max-age=600`), which the API wrapper's `no-store` would
// forbid. Like /docs, it answers by itself; the page headers come from proxy.ts.

function refusal(status: 403 | 404, error: string, errorDesc: string): Response {
  return Response.json({ error, error_desc: errorDesc }, { status, headers: { 'cache-control': 'no-store' } });
}

// GET /media/{id}?expires=…&signature=… — the image behind an expiring signed link (GET /ext/media/{id} hands them out)
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  const notFound = () => refusal(404, 'not_found', `No media with id "${id}"`);
  if (!MEDIA_ID_PATTERN.test(id)) return notFound();
  const query = new URL(request.url).searchParams;
  const media = await readSignedMedia({ id, expires: query.get('expires'), signature: query.get('signature') });
  if ('refused' in media) {
    return media.refused === 'not_found' ? notFound() : refusal(403, 'forbidden', 'The link has expired or its signature is wrong; ask GET /ext/media/{id} for a new one');
  }
  return imageResponse(media);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
