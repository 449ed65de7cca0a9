import { listDispatchesJson } from '@/lib/dispatches/list-dispatches';
import { PageQuerySchema } from '@/lib/dispatches/schemas';
import { parseQuery } from '@/lib/validation/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// GET /ext/dispatches/d/{driver_id} — the caller's dispatches assigned to a driver, newest first
export const GET = apiKeyRoute<{ driver_id: string }>({}, async ({ scope, params, request }) => {
  const { limit, cursor } = parseQuery(PageQuerySchema, request);
  const json = await listDispatchesJson({ scope, filters: { driverId: params.driver_id }, limit, cursor });
  return { status: 200, json };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
