import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { TariffView, UpdateTariffBody } from '@/lib/accounts/shared/schemas';
import { TARIFF_SELECT } from '@/lib/pricing/shared/tariff';

/**
 * Replaces an account's delivery tariff; estimates and new dispatches use it at once (the API-key
 * cache is evicted by the database's notification on every account change). Existing dispatches
 * keep the price they were quoted. Input is parsed by the caller's schema.
 */
export async function updateTariff(options: { accountId: string; input: UpdateTariffBody }): Promise<TariffView> {
  const { input } = options;
  const rows = await db().account.updateManyAndReturn({
    where: { id: options.accountId },
    data: {
      currency: input.currency,
      baseFareMinor: input.base_fare_minor,
      perKmMinor: input.per_km_minor,
      minFareMinor: input.min_fare_minor,
      vatRateBps: input.vat_rate_bps,
    },
    select: TARIFF_SELECT,
  });
  const row = rows[0];
  if (!row) throw new DomainError('not_found', `No account with id "${options.accountId}"`);
  return {
    currency: row.currency,
    base_fare_minor: row.baseFareMinor,
    per_km_minor: row.perKmMinor,
    min_fare_minor: row.minFareMinor,
    vat_rate_bps: row.vatRateBps,
  };
}
