import { DispatchResponseSchema, UpdateDropoffBodySchema } from '@/lib/dispatches/schemas';
import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/dispatch/{id}',
  operations: {
    get: {
      audience: 'vendor',
      tag: TAGS.dispatches,
      operationId: 'getDispatch',
      summary: 'Get a dispatch',
      description: 'One dispatch of your account with its full status history.',
      pathId: 'dispatch',
      responses: { '200': jsonResponse('The dispatch.', DispatchResponseSchema) },
    },
    patch: {
      audience: 'vendor',
      tag: TAGS.dispatches,
      operationId: 'updateDropoffDetails',
      summary: 'Change the drop-off details',
      description: [
        'Changes `dropoff_instructions`, `contactless` and `tip` until the driver has picked the order up; fields left out stay as they are, `null` removes instructions or tip.',
        'Announced by a `dispatch.details_updated` webhook. To move the destination, use PATCH /ext/dispatch/{id}/destination.',
      ].join('\n\n'),
      pathId: 'dispatch',
      body: { schema: UpdateDropoffBodySchema, description: 'The details to change.' },
      idempotent: true,
      responses: { '200': jsonResponse('Changed: the dispatch record.', DispatchResponseSchema) },
      errors: ['invalid_state'],
      errorNotes: {
        invalid_state: 'The order is already picked up, delivered, cancelled or rejected; `error_desc` names the state',
      },
    },
  },
};
