import { changeStatus } from '@/lib/dispatches/change-status';
import { AdminStatusBodySchema } from '@/lib/dispatches/console-schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// POST /api/admin/dispatches/{id}/status — record the next status if the transition table allows it (as the ops API), recorded as this admin
export const POST = adminRoute<{ id: string }>({ body: true }, async ({ scope, caller, params, body }) => {
  const input = parseInput(AdminStatusBodySchema, body);
  const dispatch = await changeStatus({ id: params.id, scope, status: input.status, actor: { refType: 'admin', refId: caller.user.id } });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
