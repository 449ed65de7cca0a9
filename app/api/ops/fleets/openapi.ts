import { z } from 'zod';
import { CreateFleetBodySchema, FleetSchema, ListFleetsQuerySchema } from '@/lib/fleets/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { createdResponse, jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/fleets',
  operations: {
    get: {
      audience: 'ops',
      operationId: 'opsListFleets',
      summary: 'List fleets with their driver counts',
      requestParams: { query: ListFleetsQuerySchema },
      responses: {
        '200': jsonResponse('Fleets, newest first.', z.object({ data: z.array(FleetSchema.meta({ id: 'Fleet' })), next_cursor: z.string().nullable() })),
      },
      errors: ['invalid_request'],
    },
    post: {
      audience: 'ops',
      operationId: 'opsCreateFleet',
      summary: 'Create a fleet',
      description: 'Drivers join it by its `id` (`fleet_id`). A `fleet_id` not known yet when creating a driver also creates a fleet, named after the id.',
      body: { schema: CreateFleetBodySchema.meta({ id: 'CreateFleetRequest' }), description: 'The fleet.' },
      responses: { '201': createdResponse(z.object({ data: FleetSchema })) },
    },
  },
};
