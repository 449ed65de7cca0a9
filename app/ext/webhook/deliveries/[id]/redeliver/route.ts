import { apiKeyRoute, otherMethods } from '@/lib/http/route';
import { redeliver } from '@/lib/webhooks/redeliver';

// POST /ext/webhook/deliveries/{id}/redeliver — send a delivery again to the current endpoint
export const POST = apiKeyRoute<{ id: string }>({ idempotent: true }, async ({ scope, params }) => {
  return { status: 202, body: { data: await redeliver({ scope, id: params.id }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
