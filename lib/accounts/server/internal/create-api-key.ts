import { generateApiKey } from '@/lib/platform/server/auth/api-key';
import { db } from '@/lib/platform/server/db/client';
import { parseInput } from '@/lib/platform/server/validation/parse-input';
import { newId } from '@/lib/platform/server/ids/new-id';
import { API_KEY_SELECT, apiKeyView } from '@/lib/accounts/server/internal/api-key-view';
import { CreateApiKeyBodySchema, type CreateApiKeyBody, type CreatedApiKeyView } from '@/lib/accounts/shared/schemas';

/** Adds an API key to the account. The key is returned here once; only its hash is stored. */
export async function createApiKey(options: { accountId: string; input: CreateApiKeyBody }): Promise<CreatedApiKeyView> {
  const input = parseInput(CreateApiKeyBodySchema, options.input);
  const apiKey = generateApiKey();
  const row = await db().apiKey.create({
    data: { id: newId('key'), accountId: options.accountId, name: input.name, prefix: apiKey.prefix, hash: apiKey.hash },
    select: API_KEY_SELECT,
  });
  return { ...apiKeyView(row), key: apiKey.key };
}
