import { apiKeyRoute, otherMethods } from '@/lib/http/route';
import { enableWebhookEndpoint } from '@/lib/webhooks/enable-webhook-endpoint';

// POST /ext/webhook/enable — enable the endpoint again after it was disabled; replays what is pending
export const POST = apiKeyRoute({ idempotent: true }, async ({ caller }) => {
  return { status: 200, body: { data: await enableWebhookEndpoint({ accountId: caller.accountId }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
