import { DispatchResponseSchema } from '@/lib/dispatches/schemas';
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
  },
};
