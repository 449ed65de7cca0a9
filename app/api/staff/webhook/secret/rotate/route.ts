import { staffRoute, otherMethods } from '@/lib/http/route';
import { rotateWebhookSecret } from '@/lib/webhooks/rotate-webhook-secret';

// POST /api/staff/webhook/secret/rotate — replace the signing secret; the old one keeps signing during the overlap
export const POST = staffRoute({}, async ({ caller }) => ({
  status: 200,
  body: { data: await rotateWebhookSecret({ accountId: caller.accountId }) },
  headers: { 'cache-control': 'no-store' },
}));

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
