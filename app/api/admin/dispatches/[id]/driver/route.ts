import { getAssignedDriver } from '@/lib/drivers/get-assigned-driver';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/dispatches/{id}/driver — the dispatch's driver (name, phone, fleet; last position while on duty); 404 when none is assigned
export const GET = adminRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await getAssignedDriver({ dispatchId: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
