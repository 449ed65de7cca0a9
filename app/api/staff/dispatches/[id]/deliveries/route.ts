import { PageQuerySchema } from '@/lib/dispatches/schemas';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';
import { listDispatchDeliveries } from '@/lib/webhooks/list-dispatch-deliveries';

// GET /api/staff/dispatches/{id}/deliveries — the dispatch's webhook deliveries with their attempts, newest first
export const GET = staffRoute<{ id: string }>({}, async ({ caller, params, request }) => {
  const page = parseInput(PageQuerySchema, queryObject(request.url));
  return { status: 200, body: await listDispatchDeliveries({ accountId: caller.accountId, dispatchId: params.id, page }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
