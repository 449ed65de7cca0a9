import { listDispatchesJson } from '@/lib/dispatches/list-dispatches';
import { DispatchListQuerySchema } from '@/lib/dispatches/schemas';
import { parseQuery } from '@/lib/validation/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// GET /ext/dispatches — the caller's dispatches, newest first, filtered and paged
export const GET = apiKeyRoute({}, async ({ scope, request }) => {
  const { limit, cursor, ...filters } = parseQuery(DispatchListQuerySchema, request);
  return { status: 200, json: await listDispatchesJson({ scope, filters, limit, cursor }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
