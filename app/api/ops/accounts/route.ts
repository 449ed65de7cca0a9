import { createAccount } from '@/lib/accounts/create-account';
import { CreateAccountBodySchema } from '@/lib/accounts/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// POST /api/ops/accounts — create a vendor account with its first API key and webhook secret
export const POST = opsRoute({ body: true }, async ({ body }) => {
  const input = parseInput(CreateAccountBodySchema, body);
  return { status: 201, body: { data: await createAccount(input) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
