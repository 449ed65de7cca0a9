import { getDispatchViewJson } from '@/lib/dispatches/get-dispatch-view';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/dispatches/{id} — one dispatch of the account (as GET /ext/dispatch/{id}, each history entry's actor named)
export const GET = staffRoute<{ id: string }>({}, async ({ scope, params }) => {
  const json = await getDispatchViewJson({ id: params.id, scope });
  return { status: 200, json: `{"data":${json}}` };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
