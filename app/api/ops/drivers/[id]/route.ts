import { UpdateDriverBodySchema } from '@/lib/drivers/schemas';
import { updateDriver } from '@/lib/drivers/update-driver';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// PATCH /api/ops/drivers/{id} — change a driver's name, phone or fleet; deactivate or reactivate
export const PATCH = opsRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(UpdateDriverBodySchema, body);
  return { status: 200, body: { data: await updateDriver({ id: params.id, input }) } };
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
