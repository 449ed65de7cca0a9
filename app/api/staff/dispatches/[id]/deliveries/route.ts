import { PageQuerySchema } from '@/lib/dispatches/schemas';
import { parseQuery } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';
import { listDispatchDeliveries } from '@/lib/webhooks/list-dispatch-deliveries';

// GET /api/staff/dispatches/{id}/deliveries — the dispatch's webhook deliveries with their attempts, newest first
export const GET = staffRoute<{ id: string }>({}, async ({ scope, params, request }) => {
  const page = parseQuery(PageQuerySchema, request);
  return { status: 200, body: await listDispatchDeliveries({ scope, dispatchId: params.id, page }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
