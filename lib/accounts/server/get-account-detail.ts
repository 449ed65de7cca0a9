import { ACCOUNT_SUMMARY_SELECT, toAccountSummary } from '@/lib/accounts/server/internal/account-summary';
import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { AccountDetail } from '@/lib/accounts/shared/schemas';
import { TARIFF_SELECT } from '@/lib/pricing/shared/tariff';
import { rateLimitView } from '@/lib/accounts/server/internal/rate-limit-view';

export function accountNotFound(id: string): DomainError {
  return new DomainError('not_found', `No account with id "${id}"`);
}

/** One account for the console: name, modes, tariff and rate limit in one read; 404 when unknown. */
export async function getAccountDetail(options: { accountId: string }): Promise<AccountDetail> {
  const row = await db().account.findUnique({
    where: { id: options.accountId },
    select: { ...ACCOUNT_SUMMARY_SELECT, ...TARIFF_SELECT, rateLimitPerSecond: true, rateLimitBurst: true },
  });
  if (!row) throw accountNotFound(options.accountId);
  return {
    ...toAccountSummary(row),
    tariff: {
      currency: row.currency,
      base_fare_minor: row.baseFareMinor,
      per_km_minor: row.perKmMinor,
      min_fare_minor: row.minFareMinor,
      vat_rate_bps: row.vatRateBps,
    },
    rate_limit: rateLimitView({ perSecond: row.rateLimitPerSecond, burst: row.rateLimitBurst }),
  };
}
