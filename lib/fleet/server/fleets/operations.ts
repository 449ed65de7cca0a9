import { z } from 'zod';
import { dataEnvelope } from '@/lib/platform/shared/envelope';
import { createFleet } from '@/lib/fleet/server/internal/fleets/create-fleet';
import { listFleets } from '@/lib/fleet/server/fleets/list-fleets';
import { CreateFleetBodySchema, FleetSchema, ListFleetsQuerySchema, UpdateFleetBodySchema } from '@/lib/fleet/shared/fleets/schemas';
import { updateFleet } from '@/lib/fleet/server/internal/fleets/update-fleet';
import { createdResponse, jsonResponse } from '@/lib/platform/server/http/openapi/success-responses';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';
import { parseQuery } from '@/lib/platform/server/validation/parse-input';

// Fleets, for the console and the operator API (lib/platform/server/http/operation.ts).

export const listFleetsOperation = defineOperation()({
  method: 'GET',
  mounts: { admin: '/api/admin/fleets', ops: '/api/ops/fleets' },
  requestParams: { query: ListFleetsQuerySchema },
  responses: {
    '200': jsonResponse('Fleets, newest first.', z.object({ data: z.array(FleetSchema.meta({ id: 'Fleet' })), next_cursor: z.string().nullable() })),
  },
  errors: ['invalid_request'],
  docs: { ops: { operationId: 'opsListFleets', summary: 'List fleets with their driver counts' } },
  run: async ({ request }) => ({ status: 200, body: await listFleets({ query: parseQuery(ListFleetsQuerySchema, request) }) }),
});

export const createFleetOperation = defineOperation()({
  method: 'POST',
  mounts: { admin: '/api/admin/fleets', ops: '/api/ops/fleets' },
  body: { schema: CreateFleetBodySchema.meta({ id: 'CreateFleetRequest' }), description: 'The fleet.' },
  responses: { '201': createdResponse(dataEnvelope(FleetSchema)) },
  docs: {
    ops: {
      operationId: 'opsCreateFleet',
      summary: 'Create a fleet',
      description: 'Drivers join it by its `id` (`fleet_id`). A `fleet_id` not known yet when creating a driver also creates a fleet, named after the id.',
    },
  },
  run: async ({ input }) => dataReply(await createFleet({ input }), 201),
});

export const updateFleetOperation = defineOperation<{ id: string }>()({
  method: 'PATCH',
  mounts: { admin: '/api/admin/fleets/{id}', ops: '/api/ops/fleets/{id}' },
  pathId: 'fleet',
  body: { schema: UpdateFleetBodySchema.meta({ id: 'UpdateFleetRequest' }), description: 'The fields to change.' },
  responses: { '200': jsonResponse('The fleet with its driver counts.', dataEnvelope(FleetSchema)) },
  docs: {
    ops: {
      operationId: 'opsUpdateFleet',
      summary: 'Rename, deactivate or reactivate a fleet',
      description: 'Deactivating a fleet also deactivates its active drivers, in the same transaction; reactivating it leaves its drivers as they are.',
    },
  },
  run: async ({ params, input }) => dataReply(await updateFleet({ id: params.id, input })),
});
