import { db } from '@/lib/platform/server/db/client';
import type { AccountUserView } from '@/lib/accounts/shared/schemas';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';

/** The account's staff sign-ins, oldest first (an account has a handful; users_account_id_idx). */
export async function listAccountUsers(options: { accountId: string }): Promise<AccountUserView[]> {
  const rows = await db().user.findMany({
    where: { accountId: options.accountId, role: 'staff' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 500,
    select: { id: true, email: true, name: true, createdAt: true, disabledAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    // Staff sign in with an email (createUser requires one); only drivers' users have none.
    email: row.email ?? '',
    name: row.name,
    created_at: formatTimestamp(row.createdAt),
    disabled_at: row.disabledAt ? formatTimestamp(row.disabledAt) : null,
  }));
}
