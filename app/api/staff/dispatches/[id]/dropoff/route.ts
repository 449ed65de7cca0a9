import { updateDropoff } from '@/lib/dispatches/update-dropoff';
import { UpdateDropoffBodySchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// PATCH /api/staff/dispatches/{id}/dropoff — change the drop-off details (as PATCH /ext/dispatch/{id}), recorded as this staff member
export const PATCH = staffRoute<{ id: string }>({ body: true }, async ({ scope, caller, params, body }) => {
  const input = parseInput(UpdateDropoffBodySchema, body);
  const dispatch = await updateDropoff({ id: params.id, scope, input, actor: { refType: 'vendor', refId: caller.user.id } });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
