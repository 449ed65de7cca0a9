import { createBranch } from '@/lib/accounts/server/branches/create-branch';
import { deleteBranch } from '@/lib/accounts/server/internal/branches/delete-branch';
import { listBranches } from '@/lib/accounts/server/branches/list-branches';
import { BranchInputSchema, BranchUpdateSchema } from '@/lib/accounts/shared/branches/schemas';
import { updateBranch } from '@/lib/accounts/server/internal/branches/update-branch';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';

// An account's branches and their saved pickups, for the dashboard (lib/platform/server/http/operation.ts).

/** The account's branches with their saved pickup addresses. */
export const listBranchesOperation = defineOperation()({
  method: 'GET',
  mounts: { staff: '/api/staff/branches' },
  run: async ({ caller }) => dataReply(await listBranches({ accountId: caller.accountId })),
});

/** Add a branch (vendor_bid unique per account). */
export const createBranchOperation = defineOperation()({
  method: 'POST',
  mounts: { staff: '/api/staff/branches' },
  body: { schema: BranchInputSchema, description: 'The branch.' },
  run: async ({ caller, input }) => dataReply(await createBranch({ accountId: caller.accountId, input }), 201),
});

/** Change a branch's name, vendor_bid or saved pickup. */
export const updateBranchOperation = defineOperation<{ id: string }>()({
  method: 'PATCH',
  mounts: { staff: '/api/staff/branches/{id}' },
  body: { schema: BranchUpdateSchema, description: 'The fields to change.' },
  run: async ({ caller, params, input }) => dataReply(await updateBranch({ accountId: caller.accountId, id: params.id, input })),
});

/** Delete a branch (dispatches keep their vendor_bid). */
export const deleteBranchOperation = defineOperation<{ id: string }>()({
  method: 'DELETE',
  mounts: { staff: '/api/staff/branches/{id}' },
  run: async ({ caller, params }) => {
    await deleteBranch({ accountId: caller.accountId, id: params.id });
    return { status: 204 };
  },
});
