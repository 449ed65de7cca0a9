import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { DELIVERY_DETAIL_SELECT, deliveryDetailView } from '@/lib/webhooks/server/internal/delivery-views';
import type { WebhookDeliveryDetailView } from '@/lib/webhooks/shared/schemas';
import { scopeWhere } from '@/lib/platform/server/tenancy/scope-filters';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

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
