import { z } from 'zod';
import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { LifecycleSchema } from '@/lib/transitions/describe-lifecycle';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/statuses',
  operations: {
    get: {
      audience: 'public',
      tag: TAGS.service,
      operationId: 'getStatuses',
      summary: 'Status values and transition table',
      description: 'The lifecycle and marker statuses and the transition table the service enforces. No API key needed.',
      responses: { '200': jsonResponse('The lifecycle.', z.object({ data: LifecycleSchema })) },
      errors: ['internal_error'],
    },
  },
};
