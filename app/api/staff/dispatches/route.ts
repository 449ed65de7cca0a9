import { createDispatch } from '@/lib/dispatches/create-dispatch';
import { listDispatchesJson } from '@/lib/dispatches/list-dispatches';
import { CreateDispatchBodySchema, StaffDispatchListQuerySchema } from '@/lib/dispatches/schemas';
import { parseInput, parseQuery } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/dispatches — the account's dispatches for the dashboard: /ext/dispatches plus a search box,
// each row with its driver and ETA (`{ account, driver, eta, record }`, as the console's)
export const GET = staffRoute({}, async ({ scope, request }) => {
  const { limit, cursor, ...filters } = parseQuery(StaffDispatchListQuerySchema, request);
  return { status: 200, json: await listDispatchesJson({ scope, filters, limit, cursor, withRelated: true }) };
});

// POST /api/staff/dispatches — create a dispatch from the dashboard (recorded as made by this staff member)
export const POST = staffRoute({ body: true, idempotent: true }, async ({ caller, body }) => {
  const input = parseInput(CreateDispatchBodySchema, body);
  const dispatch = await createDispatch({ accountId: caller.accountId, input, tariff: caller.tariff, actor: { refType: 'vendor', refId: caller.user.id } });
  return { status: 201, body: { data: { id: dispatch.id } } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
