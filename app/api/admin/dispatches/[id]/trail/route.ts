import { getDispatchTrail } from '@/lib/dispatches/get-dispatch-trail';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/dispatches/{id}/trail — the route the driver took: their positions on the dispatch, oldest first (thinned past 500)
export const GET = adminRoute<{ id: string }>({}, async ({ scope, params }) => {
  return { status: 200, body: { data: await getDispatchTrail({ scope, id: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
