import { adminRoute, otherMethods } from '@/lib/http/route';
import { enableWebhookEndpoint } from '@/lib/webhooks/enable-webhook-endpoint';

// POST /api/admin/accounts/{id}/webhook/enable — enable a disabled endpoint; replays what is pending (the ops API's enable)
export const POST = adminRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await enableWebhookEndpoint({ accountId: params.id }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
