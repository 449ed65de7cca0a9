import { UpdateTariffBodySchema } from '@/lib/accounts/schemas';
import { updateTariff } from '@/lib/accounts/update-tariff';
import { parseInput } from '@/lib/validation/parse-input';
import { opsRoute, otherMethods } from '@/lib/http/route';

// PUT /api/ops/accounts/{id}/tariff — replace an account's delivery tariff
export const PUT = opsRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(UpdateTariffBodySchema, body);
  return { status: 200, body: { data: await updateTariff({ accountId: params.id, input }) } };
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
