import { PageQuerySchema } from '@/lib/dispatches/schemas';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';
import { listDispatchDeliveries } from '@/lib/webhooks/list-dispatch-deliveries';

// GET /api/admin/dispatches/{id}/deliveries — the dispatch's webhook deliveries to every endpoint of its account, with their attempts, newest first
export const GET = adminRoute<{ id: string }>({}, async ({ params, request }) => {
  const page = parseInput(PageQuerySchema, queryObject(request.url));
  return { status: 200, body: await listDispatchDeliveries({ accountId: null, dispatchId: params.id, page }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
