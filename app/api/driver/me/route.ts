import { getDriverProfile } from '@/lib/drivers/get-driver-profile';
import { driverRoute, otherMethods } from '@/lib/http/route';

// GET /api/driver/me — the signed-in driver: duty, last position, open offer, offer timeout
export const GET = driverRoute({}, async ({ caller }) => {
  return { status: 200, body: { data: await getDriverProfile({ driverId: caller.driverId }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
