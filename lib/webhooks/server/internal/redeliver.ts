import { db } from '@/lib/platform/server/db/client';
import { DELIVERY_SELECT, deliveryView } from '@/lib/webhooks/server/internal/delivery-views';
import { nothingToDeliverTo } from '@/lib/webhooks/server/internal/get-webhook-endpoint';
import { deliveryNotFound } from '@/lib/webhooks/server/internal/get-delivery';
import type { WebhookDeliveryView } from '@/lib/webhooks/shared/schemas';
import { wakeWorkers } from '@/lib/webhooks/server/internal/wake-workers';
import { scopeSql } from '@/lib/platform/server/tenancy/scope-filters';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

/**
 * Sends a delivery again to the account's current endpoint: a finished one (succeeded or
 * failed) starts a new series of attempts; a pending one is tried now instead of after its
 * back-off. It still waits behind earlier pending events of its dispatch.
 */
export async function redeliver(options: { scope: Scope; id: string }): Promise<WebhookDeliveryView> {
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ accountId: string; status: string; attempts: number; dispatchId: string | null; sequence: number | null }[]>`
      SELECT account_id AS "accountId", status, attempts, dispatch_id AS "dispatchId", sequence
      FROM webhook_deliveries
      WHERE id = ${options.id} AND ${scopeSql(options.scope, 'account_id')}
      FOR UPDATE`;
    if (!row) throw deliveryNotFound(options.id);
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { accountId: row.accountId, isActive: true }, select: { id: true } });
    if (!endpoint) throw nothingToDeliverTo();
    // Reopened behind a pending earlier event of its dispatch, it is held like a new one: the order
    // rule is the database's (webhook_must_wait, lib/webhooks/server/sql), asked after taking the order lock.
    let held = false;
    if (row.status !== 'pending' && row.dispatchId !== null) {
      await tx.$executeRaw`SELECT webhook_order_lock(${endpoint.id}, ${row.dispatchId})`;
      const [order] = await tx.$queryRaw<{ mustWait: boolean }[]>`
        SELECT webhook_must_wait(${endpoint.id}, ${row.dispatchId}, ${row.sequence}::integer) AS "mustWait"`;
      held = order?.mustWait ?? false;
    }
    const now = new Date();
    const updated = await tx.webhookDelivery.update({
      where: { id: options.id },
      data:
        row.status === 'pending'
          ? { endpointId: endpoint.id, nextAttemptAt: now }
          : { endpointId: endpoint.id, status: 'pending', held, seriesStart: row.attempts, nextAttemptAt: now, completedAt: null },
      select: DELIVERY_SELECT,
    });
    await wakeWorkers(tx);
    return deliveryView(updated);
  });
}
