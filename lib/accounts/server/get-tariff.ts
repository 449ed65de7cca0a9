import { db } from '@/lib/platform/server/db/client';
import type { TariffView } from '@/lib/accounts/shared/schemas';
import { TARIFF_SELECT } from '@/lib/pricing/shared/tariff';

/** The account's delivery tariff (set by operations; the dashboard shows it read-only). */
export async function getTariff(options: { accountId: string }): Promise<TariffView> {
  const account = await db().account.findUniqueOrThrow({
    where: { id: options.accountId },
    select: TARIFF_SELECT,
  });
  return {
    currency: account.currency,
    base_fare_minor: account.baseFareMinor,
    per_km_minor: account.perKmMinor,
    min_fare_minor: account.minFareMinor,
    vat_rate_bps: account.vatRateBps,
  };
}
