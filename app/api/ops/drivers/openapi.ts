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
      description: 'A driver starts off duty (they go on duty in the driver app) unless `on_duty: true` is sent; only on-duty drivers with a fresh position are offered work by auto-assign.',
      body: { schema: CreateDriverBodySchema, description: 'The driver to create.' },
      responses: { '201': createdResponse(z.object({ data: DriverSchema })) },
    },
  },
};
