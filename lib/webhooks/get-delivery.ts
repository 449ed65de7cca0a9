import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { DELIVERY_DETAIL_SELECT, deliveryDetailView } from '@/lib/webhooks/delivery-views';
import type { WebhookDeliveryDetailView } from '@/lib/webhooks/schemas';
import { scopeWhere } from '@/lib/tenancy/scope-filters';
import type { Scope } from '@/lib/tenancy/scope';

export function deliveryNotFound(id: string): DomainError {
  return new DomainError('not_found', `No webhook delivery with id "${id}"`);
}

/** One delivery within the scope, with every attempt; 404 otherwise. */
export async function getDelivery(options: { scope: Scope; id: string }): Promise<WebhookDeliveryDetailView> {
  const row = await db().webhookDelivery.findFirst({
    where: { id: options.id, ...scopeWhere(options.scope) },
    select: DELIVERY_DETAIL_SELECT,
  });
  if (!row) throw deliveryNotFound(options.id);
  return deliveryDetailView(row);
}
