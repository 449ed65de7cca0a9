import { quoteDelivery } from '@/lib/quotes/quote-delivery';
import { EstimateBodySchema } from '@/lib/estimates/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// POST /api/staff/estimate — times and prices under the account's tariff, held as a quote (as POST /ext/estimate)
export const POST = staffRoute({ body: true }, async ({ caller, body }) => {
  const input = parseInput(EstimateBodySchema, body);
  return { status: 200, body: { data: await quoteDelivery({ accountId: caller.accountId, input, tariff: caller.tariff }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
