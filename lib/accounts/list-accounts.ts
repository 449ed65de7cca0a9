import { ACCOUNT_SUMMARY_SELECT, toAccountSummary } from '@/lib/accounts/account-summary';
import { db } from '@/lib/db/client';
import type { AccountSummary, ListAccountsQuerySchema } from '@/lib/accounts/schemas';
import { afterCursor, decodeCursor, pageOf, type Page } from '@/lib/paging/cursor';
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
