import { assignDriver } from '@/lib/dispatches/assign-driver';
import { AdminAssignBodySchema } from '@/lib/dispatches/console-schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// POST /api/admin/dispatches/{id}/assign — assign or reassign a driver (as the ops API), recorded as this admin
export const POST = adminRoute<{ id: string }>({ body: true }, async ({ scope, caller, params, body }) => {
  const input = parseInput(AdminAssignBodySchema, body);
  const dispatch = await assignDriver({ id: params.id, scope, driverId: input.driver_id, actor: { refType: 'admin', refId: caller.user.id } });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
