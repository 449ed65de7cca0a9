import { deliverJob } from '@/lib/driver-jobs/deliver-job';
import { DeliverBodySchema, DriverJobQuerySchema } from '@/lib/driver-jobs/schemas';
import { driverRoute, otherMethods } from '@/lib/http/route';
import { parseInput, parseQuery } from '@/lib/validation/parse-input';

// POST /api/driver/jobs/{id}/deliver — record delivered with the account's proof (photo, signature or the customer's PIN) and, on a cash order, the cash collected
export const POST = driverRoute<{ id: string }>({ body: true, idempotent: true }, async ({ request, params, body, scope }) => {
  const { pin, cash_collected: cashCollected } = parseInput(DeliverBodySchema, body);
  const { locale } = parseQuery(DriverJobQuerySchema, request);
  return { status: 200, body: { data: await deliverJob({ scope, id: params.id, pin, cashCollected, locale }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
