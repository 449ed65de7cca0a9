import { CANCEL_REASON_TEXT_MAX, CANCEL_REASONS } from '@/lib/dispatches/cancel-reasons';
import { CancelDispatchBodySchema, DispatchResponseSchema } from '@/lib/dispatches/schemas';
import { TAGS } from '@/lib/http/openapi/components';
import { codeList } from '@/lib/http/openapi/format';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { canCancelOrder, LIFECYCLE_STATUSES } from '@/lib/transitions/statuses';

const CANCELLABLE = LIFECYCLE_STATUSES.filter((state) => canCancelOrder(state));
const REFUSED = LIFECYCLE_STATUSES.filter((state) => state !== 'cancelled' && !canCancelOrder(state));

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/dispatch/{id}/cancel',
  operations: {
    post: {
      audience: 'vendor',
      tag: TAGS.dispatches,
      operationId: 'cancelDispatch',
      summary: 'Cancel a dispatch',
      description: [
        `Cancels a dispatch that is ${codeList(CANCELLABLE)}: until the driver has picked it up. The \`cancelled\` status entry is recorded as \`vendor\` / your account id, the record's \`cancellation\` shows the reason, and a \`dispatch.status_updated\` webhook carries it. An assigned driver is released at once and may be offered other work.`,
        `\`reason\` is one of ${codeList(CANCEL_REASONS)}; \`reason_text\` (at most ${CANCEL_REASON_TEXT_MAX} characters) is optional, except with \`other\`, which needs it.`,
        'Cancelling a dispatch that is already cancelled changes nothing and answers `200` with its record again (the first cancellation’s reason stands), so a retry is safe; an `Idempotency-Key` also replays the first answer byte for byte.',
      ].join('\n\n'),
      pathId: 'dispatch',
      body: { schema: CancelDispatchBodySchema, description: 'Why the dispatch is cancelled.' },
      idempotent: true,
      responses: { '200': jsonResponse('Cancelled (or already cancelled): the dispatch record with its `cancellation`.', DispatchResponseSchema) },
      errors: ['invalid_state'],
      errorNotes: {
        invalid_request: 'The body failed validation (an unknown `reason`, `reason_text` too long, or `other` without `reason_text`), or the `Idempotency-Key` header is invalid; `error_desc` names each field',
        invalid_state: `The dispatch is ${codeList(REFUSED)}: past pickup, or finished; \`error_desc\` names the state, e.g. "The dispatch cannot be cancelled: it is picked_up"`,
      },
    },
  },
};
