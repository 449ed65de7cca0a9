import { createUser } from '@/lib/auth/create-user';
import { CreateStaffBodySchema } from '@/lib/auth/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// POST /api/ops/admins — create a platform admin's console sign-in
export const POST = opsRoute({ body: true }, async ({ body }) => {
  const input = parseInput(CreateStaffBodySchema, body);
  const user = await createUser({ input: { ...input, role: 'admin', accountId: null } });
  return { status: 201, body: { data: user } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
