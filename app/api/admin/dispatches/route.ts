import { adminListArgs, AdminDispatchListQuerySchema } from '@/lib/dispatches/console-schemas';
import { listDispatchesJson } from '@/lib/dispatches/list-dispatches';
import { parseQuery } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/dispatches — every account's dispatches, newest first, each with its account: the staff list's filters plus account, driver and fleet
export const GET = adminRoute({}, async ({ scope, request }) => {
  const { limit, cursor, ...query } = parseQuery(AdminDispatchListQuerySchema, request);
  return { status: 200, json: await listDispatchesJson({ ...adminListArgs(scope, query), limit, cursor, withRelated: true }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
