import { db } from '@/lib/platform/server/db/client';
import { API_KEY_SELECT, apiKeyView } from '@/lib/accounts/server/internal/api-key-view';
import type { ApiKeyView } from '@/lib/accounts/shared/schemas';

/** The account's API keys, newest first, revoked ones included (an account has a handful). */
export async function listApiKeys(options: { accountId: string }): Promise<ApiKeyView[]> {
  const rows = await db().apiKey.findMany({
    where: { accountId: options.accountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: API_KEY_SELECT,
  });
  return rows.map(apiKeyView);
}
