import { assignDriver } from '@/lib/dispatches/assign-driver';
import { AssignDriverBodySchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';
import { opsActor } from '@/lib/dispatches/apply-change';

// POST /api/ops/dispatches/{id}/assign — assign or reassign a driver
export const POST = opsRoute<{ id: string }>({ body: true }, async ({ scope, params, body }) => {
  const input = parseInput(AssignDriverBodySchema, body);
  const dispatch = await assignDriver({ id: params.id, scope, driverId: input.driver_id, actor: opsActor(input) });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
