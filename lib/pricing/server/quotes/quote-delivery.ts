import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { estimateWithPrice } from '@/lib/pricing/server/estimates/estimate-delivery';
import type { EstimateBody, QuotedEstimate } from '@/lib/dispatch/shared/estimate-schemas';
import type { Tariff } from '@/lib/pricing/shared/tariff';
import { quoteKeys } from '@/lib/pricing/server/internal/quotes/quote-keys';
import { QUOTE_TTL_MS } from '@/lib/pricing/shared/quotes/quote-rules';
import { signQuote } from '@/lib/pricing/server/internal/quotes/quote-token';

/**
 * The estimate, with its prices held for QUOTE_TTL_MS under a `quote_id` a create can name
 * (`createDispatch` checks it: lib/pricing/server/quotes/quoted-pricing.ts). The quote_id is the quote itself,
 * signed (lib/pricing/server/internal/quotes/quote-token.ts): an estimate writes nothing (it used to insert a row per
 * estimate, which halved its throughput: README, "Performance").
 */
export async function quoteDelivery(options: { accountId: string; input: EstimateBody; tariff: Tariff }): Promise<QuotedEstimate> {
  const now = new Date();
  const { estimate, price } = await estimateWithPrice({ input: options.input, tariff: options.tariff, now });
  const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
  const [key] = await quoteKeys();
  const quoteId = signQuote(
    {
      accountId: options.accountId,
      expiresAt,
      pickup: options.input.pickup,
      destination: options.input.destination,
      price,
      currency: options.tariff.currency,
    },
    key!,
  );
  return { ...estimate, quote_id: quoteId, quote_expires_at: formatTimestamp(expiresAt) };
}
