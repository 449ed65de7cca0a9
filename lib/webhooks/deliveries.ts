import { db } from '@/lib/db/client';
import { afterCursor, decodeCursor, encodeCursor } from '@/lib/dispatches/cursor';
import { ApiError } from '@/lib/http/errors';
import { newId } from '@/lib/ids/new-id';
import {
  DELIVERY_DETAIL_SELECT,
  DELIVERY_SELECT,
  deliveryDetailView,
  deliveryView,
} from '@/lib/webhooks/delivery-views';
import type { DeliveryListQuery, WebhookDeliveryDetailView, WebhookDeliveryView } from '@/lib/webhooks/schemas';
import { wakeWorkers } from '@/lib/webhooks/wake-workers';

// The vendor's view of its webhook deliveries, and the two ways to send one again.

function deliveryNotFound(id: string): ApiError {
  return new ApiError('not_found', `No webhook delivery with id "${id}"`);
}

/** A page of the account's deliveries, newest first. */
export async function listDeliveries(options: {
  accountId: string;
  query: DeliveryListQuery;
}): Promise<{ data: WebhookDeliveryView[]; next_cursor: string | null }> {
  const { limit, cursor, event_type, status, dispatch_id } = options.query;
  const rows = await db().webhookDelivery.findMany({
    where: {
      accountId: options.accountId,
      ...(event_type && { eventType: event_type }),
      ...(status && { status }),
      ...(dispatch_id !== undefined && { dispatchId: dispatch_id }),
      ...afterCursor(cursor ? decodeCursor(cursor) : undefined),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    select: DELIVERY_SELECT,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(deliveryView),
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** One delivery of the account with every attempt. */
export async function getDelivery(options: { accountId: string | null; id: string }): Promise<WebhookDeliveryDetailView> {
  const row = await db().webhookDelivery.findUnique({ where: { id: options.id }, select: { ...DELIVERY_DETAIL_SELECT, accountId: true } });
  if (!row || (options.accountId !== null && row.accountId !== options.accountId)) throw deliveryNotFound(options.id);
  return deliveryDetailView(row);
}

/**
 * Sends a delivery again to the account's current endpoint: a finished one (succeeded or
 * failed) starts a new series of attempts; a pending one is tried now instead of after its
 * back-off. It still waits behind earlier pending events of its dispatch.
 */
export async function redeliver(options: { accountId: string | null; id: string }): Promise<WebhookDeliveryView> {
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ accountId: string; status: string; attempts: number; dispatchId: string | null; sequence: number | null }[]>`
      SELECT account_id AS "accountId", status, attempts, dispatch_id AS "dispatchId", sequence
      FROM webhook_deliveries WHERE id = ${options.id} FOR UPDATE`;
    if (!row || (options.accountId !== null && row.accountId !== options.accountId)) throw deliveryNotFound(options.id);
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { accountId: row.accountId, isActive: true }, select: { id: true } });
    if (!endpoint) throw new ApiError('invalid_state', 'No webhook is registered: register one with POST /ext/webhook first');
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

export const TEST_EVENT_PAYLOAD = { message: 'Test event from Dispatch' };

/** Queues a signed `webhook.ping` to the account's current endpoint, delivered like any event. */
export async function sendTestEvent(options: { accountId: string }): Promise<WebhookDeliveryView> {
  return db().$transaction(async (tx) => {
    const id = newId('whd');
    const eventId = newId('evt');
    const inserted = await tx.$executeRaw`
      INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, body, next_attempt_at, created_at)
      SELECT ${id}, e.account_id, e.id, ${eventId}, 'webhook.ping',
             webhook_body('webhook.ping', ${eventId}, now(), NULL, ${JSON.stringify(TEST_EVENT_PAYLOAD)}::json), now(), now()
      FROM webhook_endpoints e WHERE e.account_id = ${options.accountId} AND e.is_active`;
    if (inserted === 0) throw new ApiError('invalid_state', 'No webhook is registered: register one with POST /ext/webhook first');
    await wakeWorkers(tx);
    return deliveryView(await tx.webhookDelivery.findUniqueOrThrow({ where: { id }, select: DELIVERY_SELECT }));
  });
}
