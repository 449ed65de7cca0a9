import { z } from 'zod';
import { CreateDriverBodySchema, DriverSchema } from '@/lib/drivers/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { createdResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/drivers',
  operations: {
    post: {
      audience: 'ops',
      operationId: 'opsCreateDriver',
      summary: 'Create a driver',
      body: { schema: CreateDriverBodySchema, description: 'The driver to create.' },
      responses: { '201': createdResponse(z.object({ data: DriverSchema })) },
    },
  },
};
