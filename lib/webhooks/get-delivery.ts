import { db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import { DELIVERY_DETAIL_SELECT, deliveryDetailView } from '@/lib/webhooks/delivery-views';
import type { WebhookDeliveryDetailView } from '@/lib/webhooks/schemas';

export function deliveryNotFound(id: string): ApiError {
  return new ApiError('not_found', `No webhook delivery with id "${id}"`);
}

/** One delivery with every attempt: the account's own (accountId null only on operator surfaces). */
export async function getDelivery(options: { accountId: string | null; id: string }): Promise<WebhookDeliveryDetailView> {
  const row = await db().webhookDelivery.findFirst({
    where: { id: options.id, ...(options.accountId !== null && { accountId: options.accountId }) },
    select: DELIVERY_DETAIL_SELECT,
  });
  if (!row) throw deliveryNotFound(options.id);
  return deliveryDetailView(row);
}
