import { db } from '@/lib/db/client';
import { dispatchNotFound } from '@/lib/dispatches/apply-change';
import type { PageQuerySchema } from '@/lib/dispatches/schemas';
import { ENDPOINT_SELECT, endpointView } from '@/lib/webhooks/delivery-views';
import { listDeliveries } from '@/lib/webhooks/list-deliveries';
import { listDeliveryAttempts } from '@/lib/webhooks/list-delivery-attempts';
import type { DispatchDeliveryList } from '@/lib/webhooks/schemas';
import type { z } from 'zod';

/**
 * One dispatch's webhook deliveries, newest first, each with its attempts and the endpoint it
 * went to (every endpoint the account has had), and the account's current endpoint (null:
 * nothing is registered, so nothing is delivered). 404 when the dispatch is not the account's;
 * `accountId` null (the admin console) takes the dispatch's own account. Two reads of
 * deliveries and attempts, whatever the page size.
 */
export async function listDispatchDeliveries(options: {
  accountId: string | null;
  dispatchId: string;
  page: z.output<typeof PageQuerySchema>;
}): Promise<DispatchDeliveryList> {
  const { dispatchId } = options;
  if (options.accountId === null) {
    const dispatch = await db().dispatch.findUnique({ where: { id: dispatchId }, select: { accountId: true } });
    if (!dispatch) throw dispatchNotFound(dispatchId);
    return listDispatchDeliveries({ ...options, accountId: dispatch.accountId });
  }
  const accountId = options.accountId;
  // By primary key alone, the account compared here (the reason is in lib/dispatches/read-records.ts).
  const [dispatch, deliveries, endpoint] = await Promise.all([
    db().dispatch.findUnique({ where: { id: dispatchId }, select: { accountId: true } }),
    listDeliveries({ accountId, query: { ...options.page, dispatch_id: dispatchId } }),
    db().webhookEndpoint.findFirst({ where: { accountId, isActive: true }, select: ENDPOINT_SELECT }),
  ]);
  if (dispatch?.accountId !== accountId) throw dispatchNotFound(dispatchId);
  const attempts = await listDeliveryAttempts({ accountId, deliveryIds: deliveries.data.map((delivery) => delivery.id) });
  return {
    data: deliveries.data.map((delivery) => ({ ...delivery, attempts: attempts.get(delivery.id) ?? [] })),
    next_cursor: deliveries.next_cursor,
    webhook: endpoint ? endpointView(endpoint) : null,
  };
}
