import { UpdateAccountModesBodySchema } from '@/lib/accounts/schemas';
import { getAccountModes, updateAccountModes } from '@/lib/accounts/update-account-modes';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// GET /api/ops/accounts/{id}/modes — an account's auto-assign and sandbox modes
export const GET = opsRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await getAccountModes({ accountId: params.id }) } };
});

// PATCH /api/ops/accounts/{id}/modes — turn auto-assign or the sandbox on or off, set the sandbox's speed
export const PATCH = opsRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(UpdateAccountModesBodySchema, body);
  return { status: 200, body: { data: await updateAccountModes({ accountId: params.id, input }) } };
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
