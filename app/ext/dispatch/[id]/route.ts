import { getDispatchJson } from '@/lib/dispatches/get-dispatch';
import { updateDropoff } from '@/lib/dispatches/update-dropoff';
import { UpdateDropoffBodySchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// GET /ext/dispatch/{id} — one dispatch of the caller's account
export const GET = apiKeyRoute<{ id: string }>({}, async ({ scope, params }) => {
  const json = await getDispatchJson({ id: params.id, scope });
  return { status: 200, json: `{"data":${json}}` };
});

// PATCH /ext/dispatch/{id} — change the drop-off details until pickup
export const PATCH = apiKeyRoute<{ id: string }>({ body: true, idempotent: true }, async ({ scope, caller, params, body }) => {
  const input = parseInput(UpdateDropoffBodySchema, body);
  const dispatch = await updateDropoff({ id: params.id, scope, input, actor: { refType: 'vendor', refId: caller.accountId } });
  return { status: 200, body: { data: dispatch } };
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
