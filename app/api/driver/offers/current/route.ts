import { driverRoute, otherMethods } from '@/lib/http/route';
import { currentOffer } from '@/lib/offers/current-offer';

// GET /api/driver/offers/current — the driver's open offer, or null
export const GET = driverRoute({}, async ({ caller }) => {
  return { status: 200, body: { data: await currentOffer(caller.driverId) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
