import { db } from '@/lib/db/client';
import { DELIVERY_SELECT, deliveryView } from '@/lib/webhooks/delivery-views';
import { nothingToDeliverTo } from '@/lib/webhooks/get-webhook-endpoint';
import { deliveryNotFound } from '@/lib/webhooks/get-delivery';
import type { WebhookDeliveryView } from '@/lib/webhooks/schemas';
import { wakeWorkers } from '@/lib/webhooks/wake-workers';

/**
 * Sends a delivery again to the account's current endpoint: a finished one (succeeded or
 * failed) starts a new series of attempts; a pending one is tried now instead of after its
 * back-off. It still waits behind earlier pending events of its dispatch.
 */
export async function redeliver(options: { accountId: string | null; id: string }): Promise<WebhookDeliveryView> {
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ accountId: string; status: string; attempts: number; dispatchId: string | null; sequence: number | null }[]>`
      SELECT account_id AS "accountId", status, attempts, dispatch_id AS "dispatchId", sequence
      FROM webhook_deliveries
      WHERE id = ${options.id} AND (${options.accountId}::text IS NULL OR account_id = ${options.accountId}::text)
      FOR UPDATE`;
    if (!row) throw deliveryNotFound(options.id);
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { accountId: row.accountId, isActive: true }, select: { id: true } });
    if (!endpoint) throw nothingToDeliverTo();
    // Reopened behind a pending earlier event of its dispatch, it is held like a new one.
    let held = false;
    if (row.status !== 'pending' && row.dispatchId !== null) {
      await tx.$executeRaw`SELECT webhook_order_lock(${endpoint.id}, ${row.dispatchId})`;
      held = await tx.webhookDelivery
        .count({ where: { endpointId: endpoint.id, dispatchId: row.dispatchId, status: 'pending', sequence: { lt: row.sequence ?? 0 } } })
        .then((count) => count > 0);
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
