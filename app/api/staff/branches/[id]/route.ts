import { deleteBranch } from '@/lib/branches/delete-branch';
import { BranchUpdateSchema } from '@/lib/branches/schemas';
import { updateBranch } from '@/lib/branches/update-branch';
import { parseInput } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// PATCH /api/staff/branches/{id} — change a branch's name, vendor_bid or saved pickup
export const PATCH = staffRoute<{ id: string }>({ body: true }, async ({ caller, params, body }) => {
  const input = parseInput(BranchUpdateSchema, body);
  return { status: 200, body: { data: await updateBranch({ accountId: caller.accountId, id: params.id, input }) } };
});

// DELETE /api/staff/branches/{id} — delete a branch (dispatches keep their vendor_bid)
export const DELETE = staffRoute<{ id: string }>({}, async ({ caller, params }) => {
  await deleteBranch({ accountId: caller.accountId, id: params.id });
  return { status: 204 };
});

export const { GET, HEAD, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
