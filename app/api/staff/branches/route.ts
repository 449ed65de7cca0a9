import { createBranch } from '@/lib/branches/create-branch';
import { listBranches } from '@/lib/branches/list-branches';
import { BranchInputSchema } from '@/lib/branches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/branches — the account's branches with their saved pickup addresses
export const GET = staffRoute({}, async ({ caller }) => ({
  status: 200,
  body: { data: await listBranches({ accountId: caller.accountId }) },
}));

// POST /api/staff/branches — add a branch (vendor_bid unique per account)
export const POST = staffRoute({ body: true }, async ({ caller, body }) => {
  const input = parseInput(BranchInputSchema, body);
  return { status: 201, body: { data: await createBranch({ accountId: caller.accountId, input }) } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
