import { staffRoute, otherMethods } from '@/lib/http/route';
import { getWebhookSecret } from '@/lib/webhooks/get-webhook-secret';

// GET /api/staff/webhook/secret — reveal the signing secret (a deliberate read: never cached)
export const GET = staffRoute({}, async ({ caller }) => ({
  status: 200,
  body: { data: await getWebhookSecret({ accountId: caller.accountId }) },
  headers: { 'cache-control': 'no-store' },
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
