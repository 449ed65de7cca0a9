import { createDriver } from '@/lib/drivers/create-driver';
import { CreateDriverBodySchema } from '@/lib/drivers/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// POST /api/ops/drivers — create a driver
export const POST = opsRoute({ body: true }, async ({ body }) => {
  const input = parseInput(CreateDriverBodySchema, body);
  return { status: 201, body: { data: await createDriver({ input }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
