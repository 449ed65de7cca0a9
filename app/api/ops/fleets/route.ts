import { createFleet } from '@/lib/fleets/create-fleet';
import { listFleets } from '@/lib/fleets/list-fleets';
import { CreateFleetBodySchema, ListFleetsQuerySchema } from '@/lib/fleets/schemas';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// GET /api/ops/fleets — fleets newest first with their driver counts
export const GET = opsRoute({}, async ({ request }) => {
  const query = parseInput(ListFleetsQuerySchema, queryObject(request.url));
  return { status: 200, body: await listFleets({ query }) };
});

// POST /api/ops/fleets — create a fleet
export const POST = opsRoute({ body: true }, async ({ body }) => {
  const input = parseInput(CreateFleetBodySchema, body);
  return { status: 201, body: { data: await createFleet({ input }) } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
