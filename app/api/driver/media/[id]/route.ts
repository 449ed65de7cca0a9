import { driverRoute, otherMethods } from '@/lib/http/route';
import { imageResponse } from '@/lib/media/image-response';
import { readMedia } from '@/lib/media/read-media';

// GET /api/driver/media/{id} — an image the driver added to one of their dispatches
export const GET = driverRoute<{ id: string }>({}, async ({ params, scope }) => {
  return { status: 200, response: imageResponse(await readMedia({ scope, id: params.id })) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
