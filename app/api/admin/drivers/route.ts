import { createDriver } from '@/lib/drivers/create-driver';
import { listDrivers } from '@/lib/drivers/list-drivers';
import { CreateDriverBodySchema, ListDriversQuerySchema } from '@/lib/drivers/schemas';
import { parseInput, parseQuery } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/drivers — every driver, newest first; filters q (name, phone, id), fleet, active
export const GET = adminRoute({}, async ({ request }) => {
  return { status: 200, body: await listDrivers({ query: parseQuery(ListDriversQuerySchema, request) }) };
});

// POST /api/admin/drivers — create a driver (the ops API's create)
export const POST = adminRoute({ body: true }, async ({ body }) => {
  return { status: 201, body: { data: await createDriver({ input: parseInput(CreateDriverBodySchema, body) }) } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
