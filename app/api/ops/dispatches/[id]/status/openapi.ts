import { OpsChangeStatusBodySchema } from '@/lib/dispatches/status-cancellation-schema';
import { opsDispatchCommand } from '@/lib/http/openapi/ops-dispatch-command';
import type { RouteContract } from '@/lib/http/openapi/route-contract';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/dispatches/{id}/status',
  operations: {
    post: opsDispatchCommand({
      operationId: 'opsChangeStatus',
      summary: 'Record a status',
      description:
        'Records the status on any account’s dispatch if the transition table allows it from the current state (see **Dispatch lifecycle**); a marker status joins the history without changing the state. `assigned` needs a driver: use the assign operation. `cancelled` may say why: `reason` (the codes of `POST /ext/dispatch/{id}/cancel`) and `reason_text` (required with `other`), shown in the record’s `cancellation` and its webhooks; without them `cancellation.reason` is null. Unlike the vendor’s cancel, recording `cancelled` on a cancelled dispatch is refused like any other illegal transition.',
      body: { schema: OpsChangeStatusBodySchema, description: 'The status to record, with a cancellation’s reason.' },
      errorNotes: {
        invalid_request: 'The body failed validation, `status` is `assigned`, `reason` comes with another status than `cancelled`, or `reason` is `other` without `reason_text`',
        invalid_transition: 'The transition table does not allow this status now; `error_desc` lists the allowed ones',
      },
    }),
  },
};
