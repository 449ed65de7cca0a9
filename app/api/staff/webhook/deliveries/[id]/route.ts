import { staffRoute, otherMethods } from '@/lib/http/route';
import { getDelivery } from '@/lib/webhooks/get-delivery';

// GET /api/staff/webhook/deliveries/{id} — one delivery of the account with its body and every attempt
export const GET = staffRoute<{ id: string }>({}, async ({ scope, params }) => ({
  status: 200,
  body: { data: await getDelivery({ scope, id: params.id }) },
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
