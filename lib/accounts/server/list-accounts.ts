import { ACCOUNT_SUMMARY_SELECT, toAccountSummary } from '@/lib/accounts/server/internal/account-summary';
import { db } from '@/lib/platform/server/db/client';
import type { AccountSummary, ListAccountsQuerySchema } from '@/lib/accounts/shared/schemas';
import { afterCursor, decodeCursor, pageOf, type Page } from '@/lib/platform/server/paging/cursor';
import type { z } from 'zod';

/** Every account, newest first, keyset-paged; `q` keeps names containing it (any case). */
export async function listAccounts(options: {
  query: z.output<typeof ListAccountsQuerySchema>;
}): Promise<Page<AccountSummary>> {
  const { q, limit, cursor } = options.query;
  const rows = await db().account.findMany({
    where: { ...(q ? { name: { contains: q, mode: 'insensitive' } } : {}), ...afterCursor(cursor ? decodeCursor(cursor) : undefined) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    select: ACCOUNT_SUMMARY_SELECT,
  });
  return pageOf(rows, limit, toAccountSummary);
}
