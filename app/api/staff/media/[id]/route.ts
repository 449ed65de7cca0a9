import { otherMethods, staffRoute } from '@/lib/http/route';
import { imageResponse } from '@/lib/media/image-response';
import { readMedia } from '@/lib/media/read-media';

// GET /api/staff/media/{id} — a driver's photo or signature of one of the account's dispatches (the dispatch page's proof)
export const GET = staffRoute<{ id: string }>({}, async ({ params, scope }) => {
  return { status: 200, response: imageResponse(await readMedia({ scope, id: params.id })) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
