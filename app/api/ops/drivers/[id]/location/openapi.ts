import { z } from 'zod';
import { DriverLocationBodySchema, DriverPositionSchema } from '@/lib/drivers/schemas';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/api/ops/drivers/{id}/location',
  operations: {
    post: {
      audience: 'ops',
      operationId: 'opsRecordDriverLocation',
      summary: 'Report a driver’s position',
      description:
        'Stores the driver’s last known position and applies it to each dispatch the driver is on (assigned, accepted, ready_for_pickup, picked_up), atomically: one statement writes the position, the dispatches’ changes and their events. Within `GEOFENCE_RADIUS_M` (default 200 m) of the pickup before `picked_up`, `near_pickup` is appended to the history once per dispatch; within it of the destination while `picked_up`, `near_destination` once. When the ETA to the next stop moves by more than `ETA_UPDATE_THRESHOLD_MIN` minutes (default 2), or is the first since an assignment, it is stored and announced as a `dispatch.eta_updated` webhook. The sandbox simulator reports its drivers through the same code.',
      pathId: 'driver',
      body: { schema: DriverLocationBodySchema, description: 'Where the driver is now.' },
      responses: {
        '200': jsonResponse('The position, and what it changed on each of the driver’s dispatches.', z.object({ data: DriverPositionSchema })),
      },
    },
  },
};
