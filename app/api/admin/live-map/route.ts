import { adminRoute, otherMethods } from '@/lib/http/route';
import { readLiveMap } from '@/lib/live/read-live-map';

// GET /api/admin/live-map — active drivers' last positions and the open dispatches, for the live map
export const GET = adminRoute({}, async () => {
  return { status: 200, body: { data: await readLiveMap() } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
