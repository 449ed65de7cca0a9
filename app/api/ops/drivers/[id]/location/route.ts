import { recordDriverPosition } from '@/lib/drivers/record-driver-position';
import { DriverLocationBodySchema } from '@/lib/drivers/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// POST /api/ops/drivers/{id}/location — a driver's position: geofence statuses and ETA updates follow from it
export const POST = opsRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(DriverLocationBodySchema, body);
  return { status: 200, body: { data: await recordDriverPosition({ driverId: params.id, ...input }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
