import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import type { PageQuerySchema } from '@/lib/platform/shared/paging/page-query';
import { ENDPOINT_SELECT, endpointView } from '@/lib/webhooks/server/internal/delivery-views';
import { listDeliveries } from '@/lib/webhooks/server/internal/list-deliveries';
import { listDeliveryAttempts } from '@/lib/webhooks/server/internal/list-delivery-attempts';
import type { DispatchDeliveryList } from '@/lib/webhooks/shared/schemas';
import { assertInScope, driverScopeRefused } from '@/lib/platform/server/tenancy/scope-filters';
import { withinAccount, type Scope } from '@/lib/platform/server/tenancy/scope';
import type { z } from 'zod';

/**
 * One dispatch's webhook deliveries, newest first, each with its attempts and the endpoint it
 * went to (every endpoint the account has had), and the account's current endpoint (null:
 * nothing is registered, so nothing is delivered). 404 when the dispatch is outside the scope;
 * the platform's (the admin console) takes the dispatch's own account. Two reads of
 * deliveries and attempts, whatever the page size.
 */
export async function listDispatchDeliveries(options: {
  scope: Scope;
  dispatchId: string;
  page: z.output<typeof PageQuerySchema>;
}): Promise<DispatchDeliveryList> {
  const { scope, dispatchId } = options;
  if (scope.kind === 'driver') throw driverScopeRefused(scope);
  if (scope.kind === 'platform') {
    const dispatch = await db().dispatch.findUnique({ where: { id: dispatchId }, select: { accountId: true } });
    assertInScope(scope, dispatch, () => dispatchNotFound(dispatchId));
    return listDispatchDeliveries({ ...options, scope: withinAccount(scope, dispatch.accountId) });
  }
  const { accountId } = scope;
  // By primary key alone, the scope checked on the row (the reason is in lib/dispatch/server/read-records.ts);
  // the account is known, so the three reads go at once.
  const [dispatch, deliveries, endpoint] = await Promise.all([
    db().dispatch.findUnique({ where: { id: dispatchId }, select: { accountId: true } }),
    listDeliveries({ accountId, query: { ...options.page, dispatch_id: dispatchId } }),
    db().webhookEndpoint.findFirst({ where: { accountId, isActive: true }, select: ENDPOINT_SELECT }),
  ]);
  assertInScope(scope, dispatch, () => dispatchNotFound(dispatchId));
  const attempts = await listDeliveryAttempts({ accountId, deliveryIds: deliveries.data.map((delivery) => delivery.id) });
  return {
    data: deliveries.data.map((delivery) => ({ ...delivery, attempts: attempts.get(delivery.id) ?? [] })),
    next_cursor: deliveries.next_cursor,
    webhook: endpoint ? endpointView(endpoint) : null,
  };
}
