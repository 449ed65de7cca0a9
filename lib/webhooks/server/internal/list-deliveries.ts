import { db } from '@/lib/platform/server/db/client';
import { afterCursor, decodeCursor, encodeCursor } from '@/lib/platform/server/paging/cursor';
import { DELIVERY_SELECT, deliveryView } from '@/lib/webhooks/server/internal/delivery-views';
import type { DeliveryListQuery, WebhookDeliveryView } from '@/lib/webhooks/shared/schemas';

/** A page of the account's webhook deliveries, newest first. */
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
