import { apiKeyRoute, otherMethods } from '@/lib/http/route';
import { getDelivery } from '@/lib/webhooks/get-delivery';

// GET /ext/webhook/deliveries/{id} — one delivery of the caller's account, with its body and every attempt
export const GET = apiKeyRoute<{ id: string }>({}, async ({ scope, params }) => {
  return { status: 200, body: { data: await getDelivery({ scope, id: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
