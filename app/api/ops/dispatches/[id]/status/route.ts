import { changeStatus } from '@/lib/dispatches/change-status';
import { ChangeStatusBodySchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';
import { opsActor } from '@/lib/dispatches/apply-change';

// POST /api/ops/dispatches/{id}/status — record the next status if the transition table allows it
export const POST = opsRoute<{ id: string }>({ body: true }, async ({ scope, params, body }) => {
  const input = parseInput(ChangeStatusBodySchema, body);
  const dispatch = await changeStatus({ id: params.id, scope, status: input.status, actor: opsActor(input), mediaUrl: input.media_url });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
