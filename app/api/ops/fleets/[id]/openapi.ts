import { z } from 'zod';
import { FleetSchema, UpdateFleetBodySchema } from '@/lib/fleets/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/fleets/{id}',
  operations: {
    patch: {
      audience: 'ops',
      operationId: 'opsUpdateFleet',
      summary: 'Rename, deactivate or reactivate a fleet',
      description: 'Deactivating a fleet also deactivates its active drivers, in the same transaction; reactivating it leaves its drivers as they are.',
      pathId: 'fleet',
      body: { schema: UpdateFleetBodySchema.meta({ id: 'UpdateFleetRequest' }), description: 'The fields to change.' },
      responses: { '200': jsonResponse('The fleet with its driver counts.', z.object({ data: FleetSchema })) },
    },
  },
};
