import { PageQuerySchema } from '@/lib/dispatches/schemas';
import { listDriverDispatchesJson } from '@/lib/drivers/list-driver-dispatches';
import { parseQuery } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/drivers/{id}/dispatches — the driver's dispatches across accounts, newest first
export const GET = adminRoute<{ id: string }>({}, async ({ params, request }) => {
  const { limit, cursor } = parseQuery(PageQuerySchema, request);
  return { status: 200, json: await listDriverDispatchesJson({ driverId: params.id, limit, cursor }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
