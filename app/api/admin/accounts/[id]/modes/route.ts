import { UpdateAccountModesBodySchema } from '@/lib/accounts/schemas';
import { updateAccountModes } from '@/lib/accounts/update-account-modes';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// PATCH /api/admin/accounts/{id}/modes — auto-assign, sandbox and its speed (the ops API's modes)
export const PATCH = adminRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(UpdateAccountModesBodySchema, body);
  return { status: 200, body: { data: await updateAccountModes({ accountId: params.id, input }) } };
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
