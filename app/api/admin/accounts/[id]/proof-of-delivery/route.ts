import { UpdateProofOfDeliveryBodySchema } from '@/lib/accounts/proof-of-delivery-schemas';
import { getProofOfDelivery, updateProofOfDelivery } from '@/lib/accounts/update-proof-of-delivery';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/accounts/{id}/proof-of-delivery — what a driver must capture to deliver the account's dispatches
export const GET = adminRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await getProofOfDelivery({ accountId: params.id }) } };
});

// PUT /api/admin/accounts/{id}/proof-of-delivery — set it (the ops API's operation)
export const PUT = adminRoute<{ id: string }>({ body: true }, async ({ params, body }) => {
  const input = parseInput(UpdateProofOfDeliveryBodySchema, body);
  return { status: 200, body: { data: await updateProofOfDelivery({ accountId: params.id, input }) } };
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
