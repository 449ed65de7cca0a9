import { createFleet } from '@/lib/fleets/create-fleet';
import { listFleets } from '@/lib/fleets/list-fleets';
import { CreateFleetBodySchema, ListFleetsQuerySchema } from '@/lib/fleets/schemas';
import { parseInput, parseQuery } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// GET /api/ops/fleets — fleets newest first with their driver counts
export const GET = opsRoute({}, async ({ request }) => {
  return { status: 200, body: await listFleets({ query: parseQuery(ListFleetsQuerySchema, request) }) };
});

// POST /api/ops/fleets — create a fleet
export const POST = opsRoute({ body: true }, async ({ body }) => {
  return { status: 201, body: { data: await createFleet({ input: parseInput(CreateFleetBodySchema, body) }) } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
