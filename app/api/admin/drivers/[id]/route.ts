import { getAdminDriver } from '@/lib/drivers/get-admin-driver';
import { UpdateDriverBodySchema } from '@/lib/drivers/schemas';
import { updateDriver } from '@/lib/drivers/update-driver';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/drivers/{id} — one driver: fleet, status, sandbox owner, last position
export const GET = adminRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await getAdminDriver({ id: params.id }) } };
});

// PATCH /api/admin/drivers/{id} — change name, phone or fleet; deactivate or reactivate
export const PATCH = adminRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  return { status: 200, body: { data: await updateDriver({ id: params.id, input: parseInput(UpdateDriverBodySchema, body) }) } };
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
