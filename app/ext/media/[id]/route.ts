import { apiKeyRoute, otherMethods } from '@/lib/http/route';
import { getMediaLink } from '@/lib/media/get-media-link';

// GET /ext/media/{id} — a driver's photo or signature of your dispatch (a record's media_url): 302 to an expiring signed link
export const GET = apiKeyRoute<{ id: string }>({}, async ({ params, scope }) => {
  return { status: 302, headers: { location: await getMediaLink({ scope, id: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
