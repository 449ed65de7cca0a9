import { z } from 'zod';
import { AdminDriverSchema, UpdateDriverBodySchema } from '@/lib/drivers/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/drivers/{id}',
  operations: {
    patch: {
      audience: 'ops',
      operationId: 'opsUpdateDriver',
      summary: 'Change or deactivate a driver',
      description:
        'Any of `name`, `phone`, `fleet_id` (null: no fleet), `is_active` and `on_duty`. A deactivated driver cannot be assigned; dispatches already assigned stay assigned. An active driver never belongs to an inactive fleet: moving one into it, or reactivating one in it, is refused. Only on-duty drivers with a fresh position are offered work (auto-assign); putting a driver off duty declines the offer they have open.',
      pathId: 'driver',
      body: { schema: UpdateDriverBodySchema.meta({ id: 'UpdateDriverRequest' }), description: 'The fields to change.' },
      responses: { '200': jsonResponse('The driver after the change.', z.object({ data: AdminDriverSchema.meta({ id: 'DriverDetail' }) })) },
      errorNotes: { invalid_request: 'A field failed validation, the fleet does not exist, or it is inactive' },
    },
  },
};
