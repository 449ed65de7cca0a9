import { SetDriverSignInBodySchema } from '@/lib/drivers/driver-sign-in-schemas';
import { getDriverSignIn, setDriverSignIn } from '@/lib/drivers/driver-sign-in';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/drivers/{id}/sign-in — the driver's app sign-in (user id and phone), or null
export const GET = adminRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await getDriverSignIn({ driverId: params.id }) } };
});

// POST /api/admin/drivers/{id}/sign-in — create or replace it (phone and PIN; the ops API's operation)
export const POST = adminRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(SetDriverSignInBodySchema, body);
  return { status: 201, body: { data: await setDriverSignIn({ driverId: params.id, input }) } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
