import { listDispatchesJson } from '@/lib/dispatches/list-dispatches';
import { DispatchListQuerySchema } from '@/lib/dispatches/schemas';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// GET /ext/dispatches — the caller's dispatches, newest first, filtered and paged
export const GET = apiKeyRoute({}, async ({ caller, request }) => {
  const { limit, cursor, ...filters } = parseInput(DispatchListQuerySchema, queryObject(request.url));
  return { status: 200, json: await listDispatchesJson({ accountId: caller.accountId, filters, limit, cursor }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
