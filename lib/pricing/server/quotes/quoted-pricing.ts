import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import type { Address, Pricing } from '@/lib/dispatch/shared/schemas';
import { greatCircleKm } from '@/lib/pricing/shared/estimates/route-estimator';
import { dispatchPricing } from '@/lib/pricing/server/dispatch-pricing';
import { quoteKeys } from '@/lib/pricing/server/internal/quotes/quote-keys';
import { QUOTE_TOLERANCE_M } from '@/lib/pricing/shared/quotes/quote-rules';
import { verifyQuote } from '@/lib/pricing/server/internal/quotes/quote-token';

/**
 * The pricing a create naming `quoteId` is charged, or the reason it cannot be: not found (not a
 * quote we signed, or another account's), expired, already used, or a pickup/destination moved
 * beyond QUOTE_TOLERANCE_M. Reads nothing on the way to a price: the quote is its signed
 * `quote_id` (lib/pricing/server/internal/quotes/quote-token.ts), and "used" is decided by the create's insert, whose
 * unique index on `dispatches.quote_id` refuses a second use, under races too (createDispatch
 * turns that violation into `quote_used`). A used quote is still named so before a mismatch:
 * only that refusal looks the quote up.
 */
export async function quotedPricing(options: {
  accountId: string;
  quoteId: string;
  pickup: Address;
  destination: Address;
  now?: Date;
}): Promise<Pricing> {
  const { quoteId, now = new Date() } = options;
  const quote = verifyQuote(quoteId, await quoteKeys());
  if (!quote || quote.accountId !== options.accountId) {
    throw new DomainError('quote_not_found', `quote_id: no quote "${quoteId}" in this account`);
  }
  if (quote.expiresAt <= now) {
    throw new DomainError('quote_expired', `quote_id: the quote expired at ${formatTimestamp(quote.expiresAt)} UTC; ask POST /ext/estimate for a new one`);
  }
  for (const [field, given, quoted] of [
    ['pickup', options.pickup, quote.pickup],
    ['destination', options.destination, quote.destination],
  ] as const) {
    const distanceM = Math.round(greatCircleKm(given, quoted) * 1000);
    if (distanceM > QUOTE_TOLERANCE_M) {
      if (await isQuoteUsed(quoteId)) throw quoteUsed(quoteId);
      throw new DomainError(
        'quote_mismatch',
        `quote_id: ${field} is ${distanceM} m from the quoted ${field} (at most ${QUOTE_TOLERANCE_M} m); ask POST /ext/estimate for a new quote`,
      );
    }
  }
  return dispatchPricing({ price: quote.price, currency: quote.currency, quoteId });
}

/** Whether a dispatch was created with the quote (for a refusal's precedence only: the unique index decides). */
export async function isQuoteUsed(quoteId: string): Promise<boolean> {
  return (await db().dispatch.findUnique({ where: { quoteId }, select: { id: true } })) !== null;
}

export function quoteUsed(quoteId: string): DomainError {
  return new DomainError('quote_used', `quote_id: the quote "${quoteId}" was already used by another dispatch`);
}
