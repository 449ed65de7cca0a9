import { getDriverJob } from '@/lib/driver-jobs/get-driver-job';
import { DriverJobQuerySchema } from '@/lib/driver-jobs/schemas';
import { driverRoute, otherMethods } from '@/lib/http/route';
import { acceptOffer } from '@/lib/offers/accept-offer';
import { parseQuery } from '@/lib/validation/parse-input';

// POST /api/driver/offers/{id}/accept — take the offer: the dispatch is assigned to and accepted by the driver; answers the job
export const POST = driverRoute<{ id: string }>({ idempotent: true }, async ({ request, params, caller, scope }) => {
  const { locale } = parseQuery(DriverJobQuerySchema, request);
  const { dispatchId } = await acceptOffer({ offerId: params.id, driverId: caller.driverId });
  return { status: 200, body: { data: await getDriverJob({ scope, id: dispatchId, locale }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
