import { otherMethods, publicRoute } from '@/lib/http/route';
import { imageResponse } from '@/lib/media/image-response';
import { readSignedMedia } from '@/lib/media/read-signed-media';

// GET /media/{id}?expires=…&signature=… — the image behind an expiring signed link (GET /ext/media/{id} hands them out)
// The link is the credential: no sign-in, and the image may be kept by the browser for the
// link's lifetime (`private, max-age=600`); errors are the API's, `no-store`.
export const GET = publicRoute<{ id: string }>({ isCacheable: true }, async ({ request, params }) => {
  const query = new URL(request.url).searchParams;
  const media = await readSignedMedia({ id: params.id, expires: query.get('expires'), signature: query.get('signature') });
  return { status: 200, response: imageResponse(media) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
