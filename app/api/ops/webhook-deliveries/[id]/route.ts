import { opsRoute, otherMethods } from '@/lib/http/route';
import { getDelivery } from '@/lib/webhooks/get-delivery';

// GET /api/ops/webhook-deliveries/{id} — any account's delivery, with its body and every attempt
export const GET = opsRoute<{ id: string }>({}, async ({ scope, params }) => {
  return { status: 200, body: { data: await getDelivery({ scope, id: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
