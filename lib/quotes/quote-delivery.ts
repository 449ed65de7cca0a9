import { db } from '@/lib/db/client';
import { newSortableId } from '@/lib/ids/new-id';
import { formatTimestamp } from '@/lib/dispatches/timestamp';
import { estimateWithPrice } from '@/lib/estimates/estimate-delivery';
import type { EstimateBody, QuotedEstimate } from '@/lib/estimates/schemas';
import { dispatchPricing } from '@/lib/pricing/dispatch-pricing';
import type { Tariff } from '@/lib/pricing/tariff';
import { QUOTE_TTL_MS } from '@/lib/quotes/quote-rules';

/**
 * The estimate, with its prices held for QUOTE_TTL_MS under a `quote_id` a create can name
 * (`createDispatch` checks it: lib/quotes/quoted-pricing.ts). One insert per estimate; expired
 * quotes are purged by housekeeping.
 */
export async function quoteDelivery(options: { accountId: string; input: EstimateBody; tariff: Tariff }): Promise<QuotedEstimate> {
  const now = new Date();
  const { estimate, price } = await estimateWithPrice({ input: options.input, tariff: options.tariff, now });
  const id = newSortableId('quo');
  const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
  await db().quote.create({
    data: {
      id,
      accountId: options.accountId,
      pickup: options.input.pickup,
      destination: options.input.destination,
      pricing: dispatchPricing({ price, currency: options.tariff.currency, quoteId: id }),
      createdAt: now,
      expiresAt,
    },
    select: { id: true },
  });
  return { ...estimate, quote_id: id, quote_expires_at: formatTimestamp(expiresAt) };
}
