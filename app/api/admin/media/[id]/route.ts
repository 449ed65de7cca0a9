import { adminRoute, otherMethods } from '@/lib/http/route';
import { imageResponse } from '@/lib/media/image-response';
import { readMedia } from '@/lib/media/read-media';

// GET /api/admin/media/{id} — a driver's photo or signature, for the console (the QA queue's thumbnails)
export const GET = adminRoute<{ id: string }>({}, async ({ params, scope }) => {
  return { status: 200, response: imageResponse(await readMedia({ scope, id: params.id })) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
