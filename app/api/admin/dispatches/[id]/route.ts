import { getDispatchJson } from '@/lib/dispatches/get-dispatch';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/dispatches/{id} — one dispatch of any account (the record as GET /ext/dispatch/{id})
export const GET = adminRoute<{ id: string }>({}, async ({ scope, params }) => {
  const json = await getDispatchJson({ id: params.id, scope });
  return { status: 200, json: `{"data":${json}}` };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
