import { assertAccountExists } from '@/lib/accounts/assert-account-exists';
import { listAccountUsers } from '@/lib/accounts/list-account-users';
import { createUser } from '@/lib/auth/create-user';
import { CreateStaffBodySchema } from '@/lib/auth/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/accounts/{id}/users — the account's staff sign-ins
export const GET = adminRoute<{ id: string }>({}, async ({ params }) => {
  await assertAccountExists({ accountId: params.id });
  return { status: 200, body: { data: await listAccountUsers({ accountId: params.id }) } };
});

// POST /api/admin/accounts/{id}/users — create a staff sign-in (the ops API's create)
export const POST = adminRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(CreateStaffBodySchema, body);
  const user = await createUser({ input: { ...input, role: 'staff', accountId: params.id } });
  return { status: 201, body: { data: user } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
