import { opsRoute, otherMethods } from '@/lib/http/route';
import { enableWebhookEndpoint } from '@/lib/webhooks/enable-webhook-endpoint';

// POST /api/ops/accounts/{id}/webhook/enable — enable an account's disabled endpoint again; replays what is pending
export const POST = opsRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await enableWebhookEndpoint({ accountId: params.id }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
