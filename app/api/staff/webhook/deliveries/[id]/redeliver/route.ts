import { staffRoute, otherMethods } from '@/lib/http/route';
import { redeliver } from '@/lib/webhooks/redeliver';

// POST /api/staff/webhook/deliveries/{id}/redeliver — send a delivery again to the current endpoint
export const POST = staffRoute<{ id: string }>({}, async ({ scope, params }) => ({
  status: 202,
  body: { data: await redeliver({ scope, id: params.id }) },
}));

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
