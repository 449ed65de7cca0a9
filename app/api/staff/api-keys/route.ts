import { createApiKey } from '@/lib/accounts/create-api-key';
import { listApiKeys } from '@/lib/accounts/list-api-keys';
import { CreateApiKeyBodySchema } from '@/lib/accounts/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/api-keys — the account's API keys (prefix only, revoked ones included)
export const GET = staffRoute({}, async ({ caller }) => ({
  status: 200,
  body: { data: await listApiKeys({ accountId: caller.accountId }) },
}));

// POST /api/staff/api-keys — create an API key; the key is in this response only
export const POST = staffRoute({ body: true }, async ({ caller, body }) => {
  const input = parseInput(CreateApiKeyBodySchema, body);
  return {
    status: 201,
    body: { data: await createApiKey({ accountId: caller.accountId, input }) },
    headers: { 'cache-control': 'no-store' },
  };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
