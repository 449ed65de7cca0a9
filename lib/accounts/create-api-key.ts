import { generateApiKey } from '@/lib/auth/api-key';
import { db } from '@/lib/db/client';
import { parseInput } from '@/lib/validation/parse-input';
import { newId } from '@/lib/ids/new-id';
import { API_KEY_SELECT, apiKeyView } from '@/lib/accounts/api-key-view';
import { CreateApiKeyBodySchema, type CreateApiKeyBody, type CreatedApiKeyView } from '@/lib/accounts/schemas';

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
