import { z } from 'zod';
import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ping',
  operations: {
    get: {
      audience: 'public',
      tag: TAGS.service,
      operationId: 'ping',
      summary: 'Liveness',
      description: 'Answers 200 while the process runs, without touching the database (and without `x-request-id`). No API key needed.',
      // A bare handler, not wrapped: no `x-request-id`, no error it could answer with.
      responses: { '200': { description: 'Alive.', content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } } } },
    },
  },
};
