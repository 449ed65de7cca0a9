import { DispatchResponseSchema } from '@/lib/dispatches/schemas';
import type { ErrorCode } from '@/lib/errors/domain-error';
import type { OperationContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

/** What an operator command on a dispatch states itself: the rest is the same for every such command. */
type DispatchCommandFields = Pick<OperationContract, 'operationId' | 'summary' | 'description'> &
  Required<Pick<OperationContract, 'body'>> & {
    /** When the body is refused (`400`), and when the transition table refuses the command (`409`). */
    errorNotes: Record<Extract<ErrorCode, 'invalid_request' | 'invalid_transition'>, string>;
  };

/**
 * An operator command on one dispatch (`POST /api/ops/dispatches/{id}/…`): it answers the
 * dispatch as the command left it, and `409 invalid_transition` where the transition table
 * does not allow it from the current state.
 */
export function opsDispatchCommand(command: DispatchCommandFields): OperationContract {
  return {
    audience: 'ops',
    pathId: 'dispatch',
    ...command,
    responses: { '200': jsonResponse('The updated dispatch.', DispatchResponseSchema) },
    errors: ['invalid_transition'],
  };
}
