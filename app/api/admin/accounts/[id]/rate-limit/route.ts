import { UpdateRateLimitBodySchema } from '@/lib/accounts/schemas';
import { updateRateLimit } from '@/lib/accounts/update-rate-limit';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// PUT /api/admin/accounts/{id}/rate-limit — the account's own API rate limit, or back to the default (the ops API's)
export const PUT = adminRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(UpdateRateLimitBodySchema, body);
  return { status: 200, body: { data: await updateRateLimit({ accountId: params.id, input }) } };
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
