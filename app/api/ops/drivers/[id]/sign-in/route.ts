import { SetDriverSignInBodySchema } from '@/lib/drivers/driver-sign-in-schemas';
import { setDriverSignIn } from '@/lib/drivers/driver-sign-in';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// POST /api/ops/drivers/{id}/sign-in — create or replace the driver's app sign-in (phone and PIN)
export const POST = opsRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(SetDriverSignInBodySchema, body);
  return { status: 201, body: { data: await setDriverSignIn({ driverId: params.id, input }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
