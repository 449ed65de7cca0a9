import { changeStatus } from '@/lib/dispatches/change-status';
import { ChangeStatusBodySchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/http/parse-input';
import { opsRoute } from '@/lib/http/route';

// POST /api/ops/dispatches/{id}/status — record the next status if the transition table allows it
export const POST = opsRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(ChangeStatusBodySchema, body);
  const dispatch = await changeStatus({
    id: params.id,
    accountId: null,
    status: input.status,
    actor: { refType: input.ref_type ?? 'admin', refId: input.ref_id ?? 'ops' },
  });
  return { status: 200, body: { data: dispatch } };
});
