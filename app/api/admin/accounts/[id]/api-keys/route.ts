import { assertAccountExists } from '@/lib/accounts/assert-account-exists';
import { createApiKey } from '@/lib/accounts/create-api-key';
import { listApiKeys } from '@/lib/accounts/list-api-keys';
import { CreateApiKeyBodySchema } from '@/lib/accounts/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/accounts/{id}/api-keys — the account's API keys (prefixes only), revoked ones included
export const GET = adminRoute<{ id: string }>({}, async ({ params }) => {
  await assertAccountExists({ accountId: params.id });
  return { status: 200, body: { data: await listApiKeys({ accountId: params.id }) } };
});

// POST /api/admin/accounts/{id}/api-keys — create a key; the key is in this answer only
export const POST = adminRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(CreateApiKeyBodySchema, body);
  await assertAccountExists({ accountId: params.id });
  return { status: 201, body: { data: await createApiKey({ accountId: params.id, input }) } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
