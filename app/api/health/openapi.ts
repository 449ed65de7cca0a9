import { z } from 'zod';
import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/health',
  operations: {
    get: {
      audience: 'public',
      tag: TAGS.service,
      operationId: 'getHealth',
      summary: 'Health check',
      description: 'Answers 200 once the database answers; `503 service_unavailable` (with `retry-after`) while it cannot be reached. No API key needed.',
      responses: { '200': jsonResponse('Healthy.', z.object({ status: z.literal('ok') })) },
      errors: ['service_unavailable', 'internal_error'],
      errorNotes: { service_unavailable: 'The database cannot be reached', internal_error: 'The database failed the check' },
    },
  },
};
