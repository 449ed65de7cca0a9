import { DriverPositionsBodySchema } from '@/lib/driver-jobs/schemas';
import { recordDriverPositions } from '@/lib/drivers/record-driver-position';
import { driverRoute, otherMethods } from '@/lib/http/route';
import { parseInput } from '@/lib/validation/parse-input';

// POST /api/driver/positions — the driver's positions, oldest first, into geofences and ETAs
export const POST = driverRoute({ body: true, idempotent: true }, async ({ body, caller }) => {
  const { positions } = parseInput(DriverPositionsBodySchema, body);
  const { recorded } = await recordDriverPositions({
    driverId: caller.driverId,
    positions: positions.map((position) => ({ lat: position.lat, lng: position.lng, accuracyM: position.accuracy_m, at: new Date(position.at) })),
  });
  return { status: 200, body: { data: { recorded } } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
