import { estimateDelivery } from '@/lib/estimates/estimate-delivery';
import { EstimateBodySchema } from '@/lib/estimates/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// POST /ext/estimate — times and prices for a pickup and destination under the caller's tariff
export const POST = apiKeyRoute({ body: true }, async ({ caller, body }) => {
  const input = parseInput(EstimateBodySchema, body);
  return { status: 200, body: { data: await estimateDelivery({ input, tariff: caller.tariff }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
