import { DriverDutyBodySchema } from '@/lib/drivers/schemas';
import { setDriverDuty } from '@/lib/drivers/set-driver-duty';
import { driverRoute, otherMethods } from '@/lib/http/route';
import { parseInput } from '@/lib/validation/parse-input';

// PUT /api/driver/duty — go on or off duty (off duty declines the open offer)
export const PUT = driverRoute({ body: true }, async ({ caller, body }) => {
  const input = parseInput(DriverDutyBodySchema, body);
  return { status: 200, body: { data: await setDriverDuty({ driverId: caller.driverId, onDuty: input.on_duty }) } };
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
