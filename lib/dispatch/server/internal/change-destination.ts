import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS, type DispatchCommand } from '@/lib/dispatch/server/apply-change';
import type { Address, DispatchRecord, Pricing } from '@/lib/dispatch/shared/schemas';
import { dispatchPricing, priceRoute, withoutQuote } from '@/lib/pricing/server/dispatch-pricing';
import { TARIFF_SELECT } from '@/lib/pricing/shared/tariff';
import { DESTINATION_LOCKED_IN, isLifecycleStatus } from '@/lib/dispatch/shared/transitions/statuses';

/**
 * Moves the destination of a dispatch within the scope; refused (409) once it is finished. The
 * dispatch is repriced by the account's tariff for the new road (a quote held the old road's
 * price only); the price before is kept in `pricing.previous`.
 */
export async function changeDestination(options: DispatchCommand & { destination: Address }): Promise<DispatchRecord> {
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, options);
    if (isLifecycleStatus(current.state) && DESTINATION_LOCKED_IN.includes(current.state)) {
      throw new DomainError('invalid_state', `The destination cannot change once the dispatch is ${current.state}`);
    }
    const { pickup, pricing, account } = await tx.dispatch.findUniqueOrThrow({
      where: { id: current.id },
      select: { pickup: true, pricing: true, account: { select: TARIFF_SELECT } },
    });
    const before = pricing as unknown as Pricing | null;
    const price = await priceRoute({ pickup: pickup as unknown as Address, destination: options.destination, tariff: account });
    return applyChange(tx, current, {
      columns: {
        destination: options.destination,
        pricing: dispatchPricing({ price, currency: account.currency, quoteId: before?.quote_id ?? null, previous: before && withoutQuote(before) }),
      },
      actor: options.actor,
      events: ['dispatch.destination_updated'],
    });
  }, TX_OPTIONS);
}
