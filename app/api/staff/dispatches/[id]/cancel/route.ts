import { cancelDispatch } from '@/lib/dispatches/cancel-dispatch';
import { CancelDispatchBodySchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// POST /api/staff/dispatches/{id}/cancel — cancel with a reason (as POST /ext/dispatch/{id}/cancel), recorded as `vendor` / this staff member
export const POST = staffRoute<{ id: string }>({ body: true, idempotent: true }, async ({ scope, caller, params, body }) => {
  const input = parseInput(CancelDispatchBodySchema, body);
  const dispatch = await cancelDispatch({ id: params.id, scope, input, actor: { refType: 'vendor', refId: caller.user.id } });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
