import type { Prisma } from '@/prisma/generated/client';
import type { AccountSummary } from '@/lib/accounts/shared/schemas';

/** The columns of an account's summary (the console's list, and the head of its detail). */
export const ACCOUNT_SUMMARY_SELECT = {
  id: true,
  name: true,
  createdAt: true,
  autoAssign: true,
  sandbox: true,
  sandboxSpeedKmh: true,
} satisfies Prisma.AccountSelect;

type AccountSummaryRow = Prisma.AccountGetPayload<{ select: typeof ACCOUNT_SUMMARY_SELECT }>;

export function toAccountSummary(row: AccountSummaryRow): AccountSummary {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    auto_assign: row.autoAssign,
    sandbox: row.sandbox,
    sandbox_speed_kmh: row.sandboxSpeedKmh,
  };
}
