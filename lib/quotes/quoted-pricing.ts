import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { formatTimestamp } from '@/lib/dispatches/timestamp';
import type { Address, Pricing } from '@/lib/dispatches/schemas';
import { greatCircleKm } from '@/lib/estimates/route-estimator';
import { QUOTE_TOLERANCE_M } from '@/lib/quotes/quote-rules';

/**
 * The pricing a create naming `quoteId` is charged, or the reason it cannot be: not found (or
 * another account's), expired, already used, or a pickup/destination moved beyond
 * QUOTE_TOLERANCE_M. "Used" is read here for a clear answer; under a race the unique index on
 * `dispatches.quote_id` decides (createDispatch turns its violation into `quote_used`).
 */
export async function quotedPricing(options: {
  accountId: string;
  quoteId: string;
  pickup: Address;
  destination: Address;
  now?: Date;
}): Promise<Pricing> {
  const { quoteId, now = new Date() } = options;
  const quote = await db().quote.findFirst({
    where: { id: quoteId, accountId: options.accountId },
    select: { pickup: true, destination: true, pricing: true, expiresAt: true },
  });
  if (!quote) throw new DomainError('quote_not_found', `quote_id: no quote "${quoteId}" in this account`);
  if (quote.expiresAt <= now) {
    throw new DomainError('quote_expired', `quote_id: the quote expired at ${formatTimestamp(quote.expiresAt)} UTC; ask POST /ext/estimate for a new one`);
  }
  const user = await db().dispatch.findUnique({ where: { quoteId }, select: { id: true } });
  if (user) throw quoteUsed(quoteId);
  for (const [field, given, quoted] of [
    ['pickup', options.pickup, quote.pickup as unknown as Address],
    ['destination', options.destination, quote.destination as unknown as Address],
  ] as const) {
    const distanceM = Math.round(greatCircleKm(given, quoted) * 1000);
    if (distanceM > QUOTE_TOLERANCE_M) {
      throw new DomainError(
        'quote_mismatch',
        `quote_id: ${field} is ${distanceM} m from the quoted ${field} (at most ${QUOTE_TOLERANCE_M} m); ask POST /ext/estimate for a new quote`,
      );
    }
  }
  return quote.pricing as unknown as Pricing;
}

export function quoteUsed(quoteId: string): DomainError {
  return new DomainError('quote_used', `quote_id: the quote "${quoteId}" was already used by another dispatch`);
}
