import { cancelDispatch } from '@/lib/dispatches/cancel-dispatch';
import { CancelDispatchBodySchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// POST /api/admin/dispatches/{id}/cancel — cancel any account's dispatch with a reason (as the vendor's cancel), recorded as this admin
export const POST = adminRoute<{ id: string }>({ body: true }, async ({ scope, caller, params, body }) => {
  const input = parseInput(CancelDispatchBodySchema, body);
  const dispatch = await cancelDispatch({ id: params.id, scope, input, actor: { refType: 'admin', refId: caller.user.id } });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
