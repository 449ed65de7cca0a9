import { z } from 'zod';
import { DispatchListResponseSchema, PageQuerySchema } from '@/lib/dispatches/schemas';
import { TAGS } from '@/lib/http/openapi/components';
import { DispatchPageLimitSchema } from '@/lib/http/openapi/parameters';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/dispatches/d/{driver_id}',
  operations: {
    get: {
      audience: 'vendor',
      tag: TAGS.dispatches,
      operationId: 'listDriverDispatches',
      summary: 'List a driver’s dispatches',
      description:
        'Your account’s dispatches currently assigned to the driver, newest first, paged like `GET /ext/dispatches`. An unknown driver id gives an empty list, not a 404.',
      requestParams: {
        path: z.object({ driver_id: z.string().meta({ description: 'The driver id', example: 'drv_9Lm2Qx7TzVb4Nc8Rk3PwYa' }) }),
        query: PageQuerySchema.extend({ limit: DispatchPageLimitSchema }),
      },
      responses: { '200': jsonResponse('A page of dispatches.', DispatchListResponseSchema) },
      errors: ['invalid_request'],
      errorNotes: { invalid_request: '`limit` is out of range, or `cursor` is not one this API returned' },
    },
  },
};
