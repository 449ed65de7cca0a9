import { getDispatchViewJson } from '@/lib/dispatches/get-dispatch-view';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/dispatches/{id} — one dispatch of any account (the record as GET /ext/dispatch/{id}, each history entry's actor named)
export const GET = adminRoute<{ id: string }>({}, async ({ scope, params }) => {
  const json = await getDispatchViewJson({ id: params.id, scope });
  return { status: 200, json: `{"data":${json}}` };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
