import { staffRoute, otherMethods } from '@/lib/http/route';
import { enableWebhookEndpoint } from '@/lib/webhooks/enable-webhook-endpoint';

// POST /api/staff/webhook/enable — enable the endpoint again after it was disabled; replays what is pending
export const POST = staffRoute({}, async ({ caller }) => ({
  status: 200,
  body: { data: await enableWebhookEndpoint({ accountId: caller.accountId }) },
}));

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
