import { getDispatchEta } from '@/lib/dispatches/get-dispatch-eta';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/dispatches/{id}/eta — the ETA last announced for any account's dispatch (null while none stands)
export const GET = adminRoute<{ id: string }>({}, async ({ scope, params }) => {
  return { status: 200, body: { data: await getDispatchEta({ id: params.id, scope }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
