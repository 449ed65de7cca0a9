import { UpdateTariffBodySchema } from '@/lib/accounts/schemas';
import { updateTariff } from '@/lib/accounts/update-tariff';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// PUT /api/admin/accounts/{id}/tariff — replace the account's delivery tariff
export const PUT = adminRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(UpdateTariffBodySchema, body);
  return { status: 200, body: { data: await updateTariff({ accountId: params.id, input }) } };
});

export const { GET, HEAD, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
