import { UpdateFleetBodySchema } from '@/lib/fleets/schemas';
import { updateFleet } from '@/lib/fleets/update-fleet';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// PATCH /api/ops/fleets/{id} — rename; deactivate (with its drivers) or reactivate
export const PATCH = opsRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(UpdateFleetBodySchema, body);
  return { status: 200, body: { data: await updateFleet({ id: params.id, input }) } };
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
