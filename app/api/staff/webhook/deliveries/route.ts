import { parseQuery } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';
import { listDeliveries } from '@/lib/webhooks/list-deliveries';
import { DeliveryListQuerySchema } from '@/lib/webhooks/schemas';

// GET /api/staff/webhook/deliveries — the account's webhook deliveries, newest first, filtered and paged
export const GET = staffRoute({}, async ({ caller, request }) => {
  const query = parseQuery(DeliveryListQuerySchema, request);
  return { status: 200, body: await listDeliveries({ accountId: caller.accountId, query }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
