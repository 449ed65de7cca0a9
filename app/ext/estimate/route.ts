import { quoteDelivery } from '@/lib/quotes/quote-delivery';
import { EstimateBodySchema } from '@/lib/estimates/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// POST /ext/estimate — times and prices for a pickup and destination under the caller's tariff, held as a quote
export const POST = apiKeyRoute({ body: true }, async ({ caller, body }) => {
  const input = parseInput(EstimateBodySchema, body);
  return { status: 200, body: { data: await quoteDelivery({ accountId: caller.accountId, input, tariff: caller.tariff }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
