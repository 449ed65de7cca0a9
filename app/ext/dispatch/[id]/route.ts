import { getDispatchJson } from '@/lib/dispatches/get-dispatch';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// GET /ext/dispatch/{id} — one dispatch of the caller's account
export const GET = apiKeyRoute<{ id: string }>({}, async ({ scope, params }) => {
  const json = await getDispatchJson({ id: params.id, scope });
  return { status: 200, json: `{"data":${json}}` };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
