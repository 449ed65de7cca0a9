import { db } from '@/lib/platform/server/db/client';
import { ATTEMPT_SELECT, attemptView } from '@/lib/webhooks/server/internal/delivery-views';
import type { WebhookAttemptView } from '@/lib/webhooks/shared/schemas';

/**
 * The attempts of a page of the account's deliveries in one query (not one per delivery),
 * oldest first, by delivery id. Ids of other accounts' deliveries get nothing.
 */
export async function listDeliveryAttempts(options: {
  accountId: string;
  deliveryIds: string[];
}): Promise<Map<string, WebhookAttemptView[]>> {
  const byDelivery = new Map<string, WebhookAttemptView[]>(options.deliveryIds.map((id) => [id, []]));
  if (options.deliveryIds.length === 0) return byDelivery;
  const rows = await db().webhookAttempt.findMany({
    where: { deliveryId: { in: options.deliveryIds }, delivery: { accountId: options.accountId } },
    orderBy: [{ deliveryId: 'asc' }, { number: 'asc' }],
    select: { deliveryId: true, ...ATTEMPT_SELECT },
  });
  for (const row of rows) byDelivery.get(row.deliveryId)?.push(attemptView(row));
  return byDelivery;
}
