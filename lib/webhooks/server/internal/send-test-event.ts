import { db } from '@/lib/platform/server/db/client';
import { newId } from '@/lib/platform/server/ids/new-id';
import { DELIVERY_SELECT, deliveryView } from '@/lib/webhooks/server/internal/delivery-views';
import { nothingToDeliverTo } from '@/lib/webhooks/server/internal/get-webhook-endpoint';
import type { WebhookDeliveryView } from '@/lib/webhooks/shared/schemas';
import { wakeWorkers } from '@/lib/webhooks/server/internal/wake-workers';

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
    if (inserted === 0) throw nothingToDeliverTo();
    await wakeWorkers(tx);
    return deliveryView(await tx.webhookDelivery.findUniqueOrThrow({ where: { id }, select: DELIVERY_SELECT }));
  });
}
