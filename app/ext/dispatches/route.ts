import { listDispatches } from '@/lib/dispatches/list-dispatches';
import { DispatchListQuerySchema } from '@/lib/dispatches/schemas';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { apiKeyRoute } from '@/lib/http/route';

// GET /ext/dispatches — the caller's dispatches, newest first, filtered and paged
export const GET = apiKeyRoute({}, async ({ caller, request }) => {
  const { limit, cursor, ...filters } = parseInput(DispatchListQuerySchema, queryObject(request.url));
  const page = await listDispatches({ accountId: caller.accountId, filters, limit, cursor });
  return { status: 200, body: page };
});
