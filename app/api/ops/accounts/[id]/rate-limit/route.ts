import { UpdateRateLimitBodySchema } from '@/lib/accounts/schemas';
import { updateRateLimit } from '@/lib/accounts/update-rate-limit';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// PUT /api/ops/accounts/{id}/rate-limit — set an account's own API rate limit, or return it to the default
export const PUT = opsRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(UpdateRateLimitBodySchema, body);
  return { status: 200, body: { data: await updateRateLimit({ accountId: params.id, input }) } };
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
