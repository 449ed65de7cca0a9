import { ChangeStatusBodySchema } from '@/lib/dispatches/schemas';
import { opsDispatchCommand } from '@/lib/http/openapi/ops-dispatch-command';
import type { RouteContract } from '@/lib/http/openapi/route-contract';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/dispatches/{id}/status',
  operations: {
    post: opsDispatchCommand({
      operationId: 'opsChangeStatus',
      summary: 'Record a status',
      description:
        'Records the status on any account’s dispatch if the transition table allows it from the current state (see **Dispatch lifecycle**); a marker status joins the history without changing the state. `assigned` needs a driver: use the assign operation.',
      body: { schema: ChangeStatusBodySchema, description: 'The status to record.' },
      errorNotes: {
        invalid_request: 'The body failed validation, or `status` is `assigned`',
        invalid_transition: 'The transition table does not allow this status now; `error_desc` lists the allowed ones',
      },
    }),
  },
};
