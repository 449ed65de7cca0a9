import { cancelDispatch } from '@/lib/dispatches/cancel-dispatch';
import { CancelDispatchBodySchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// POST /ext/dispatch/{id}/cancel — cancel a dispatch with a reason, until the driver has picked it up
export const POST = apiKeyRoute<{ id: string }>({ body: true, idempotent: true }, async ({ scope, caller, params, body }) => {
  const input = parseInput(CancelDispatchBodySchema, body);
  const dispatch = await cancelDispatch({ id: params.id, scope, input, actor: { refType: 'vendor', refId: caller.accountId } });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
