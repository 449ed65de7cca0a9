import { createAccount } from '@/lib/accounts/create-account';
import { listAccounts } from '@/lib/accounts/list-accounts';
import { CreateAccountBodySchema, ListAccountsQuerySchema } from '@/lib/accounts/schemas';
import { parseInput, parseQuery } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/accounts — every vendor account, newest first (the console's account picker and list)
export const GET = adminRoute({}, async ({ request }) => {
  return { status: 200, body: await listAccounts({ query: parseQuery(ListAccountsQuerySchema, request) }) };
});

// POST /api/admin/accounts — create an account; its API key and webhook secret are in this answer only
export const POST = adminRoute({ body: true }, async ({ body }) => {
  const input = parseInput(CreateAccountBodySchema, body);
  return { status: 201, body: { data: await createAccount(input) } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
