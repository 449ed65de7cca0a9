import { DispatchResponseSchema } from '@/lib/dispatches/schemas';
import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/dispatch/{id}/ready',
  operations: {
    post: {
      audience: 'vendor',
      tag: TAGS.dispatches,
      operationId: 'markDispatchReady',
      summary: 'Say the food is ready',
      description: [
        'The kitchen has the order ready for pickup. No body.',
        'Once the driver has accepted (`accepted`), `ready_for_pickup` is recorded at once as `vendor` / your account id, with a `dispatch.status_updated` webhook. While the dispatch is still `new`, `dispatch_accepted` or `assigned`, the time is kept in the record’s `ready_at` and `ready_for_pickup` is recorded, once, right after the driver’s `accepted` (its own entry and webhook). The transition table is unchanged.',
        'Saying it again, or after `ready_for_pickup` was recorded, changes nothing and answers `200` with the record: a retry is safe.',
      ].join('\n\n'),
      pathId: 'dispatch',
      idempotent: true,
      responses: { '200': jsonResponse('Ready noted: the dispatch record with `ready_at`.', DispatchResponseSchema) },
      errors: ['invalid_state'],
      errorNotes: {
        invalid_state: 'The order is already picked up or delivered, or the dispatch is cancelled or rejected; `error_desc` names the state, e.g. "The dispatch cannot be marked ready: it is picked_up"',
      },
    },
  },
};
