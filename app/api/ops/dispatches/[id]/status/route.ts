import { cancelDispatch } from '@/lib/dispatches/cancel-dispatch';
import { changeStatus } from '@/lib/dispatches/change-status';
import { OpsChangeStatusBodySchema } from '@/lib/dispatches/status-cancellation-schema';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';
import { opsActor } from '@/lib/dispatches/apply-change';

// POST /api/ops/dispatches/{id}/status — record the next status if the transition table allows it (`cancelled` with an optional reason)
export const POST = opsRoute<{ id: string }>({ body: true }, async ({ scope, params, body }) => {
  const { status, reason, reason_text, media_url, ...ref } = parseInput(OpsChangeStatusBodySchema, body);
  const command = { id: params.id, scope, actor: opsActor(ref), mediaUrl: media_url };
  const dispatch =
    status === 'cancelled'
      ? await cancelDispatch({ ...command, input: { reason, reason_text }, as: 'status' })
      : await changeStatus({ ...command, status });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
