import { createUser } from '@/lib/auth/create-user';
import { CreateStaffBodySchema } from '@/lib/auth/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// POST /api/ops/accounts/{id}/users — create a staff sign-in for the account's dashboard
export const POST = opsRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(CreateStaffBodySchema, body);
  const user = await createUser({ input: { ...input, role: 'staff', accountId: params.id } });
  return { status: 201, body: { data: user } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
