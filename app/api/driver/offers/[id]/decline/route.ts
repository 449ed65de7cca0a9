import { driverRoute, otherMethods } from '@/lib/http/route';
import { declineOffer } from '@/lib/offers/decline-offer';

// POST /api/driver/offers/{id}/decline — turn the offer down; it moves on to the next driver
export const POST = driverRoute<{ id: string }>({ idempotent: true }, async ({ caller, params }) => {
  return { status: 200, body: { data: await declineOffer({ offerId: params.id, driverId: caller.driverId }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
