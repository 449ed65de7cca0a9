import { DispatchListQuerySchema, DispatchListResponseSchema } from '@/lib/dispatches/schemas';
import { TAGS } from '@/lib/http/openapi/components';
import { DispatchPageLimitSchema } from '@/lib/http/openapi/parameters';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/dispatches',
  operations: {
    get: {
      audience: 'vendor',
      tag: TAGS.dispatches,
      operationId: 'listDispatches',
      summary: 'List dispatches',
      description: [
        'Your account’s dispatches, newest first, one page at a time (see **Paging**).',
        'Filters combine with AND: `status` is the current lifecycle state; `vendor_bid` and `vendor_oid` match exactly; `created_from` (inclusive) and `created_to` (exclusive) bound `created_at`.',
      ].join('\n\n'),
      requestParams: { query: DispatchListQuerySchema.extend({ limit: DispatchPageLimitSchema }) },
      responses: { '200': jsonResponse('A page of dispatches.', DispatchListResponseSchema) },
      errors: ['invalid_request'],
      errorNotes: { invalid_request: 'A query parameter is invalid, or `cursor` is not one this API returned' },
    },
  },
};
