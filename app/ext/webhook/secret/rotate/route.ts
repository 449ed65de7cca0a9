import { apiKeyRoute, otherMethods } from '@/lib/http/route';
import { rotateWebhookSecret } from '@/lib/webhooks/rotate-webhook-secret';

// POST /ext/webhook/secret/rotate — replace the signing secret; the old one keeps signing during the overlap
export const POST = apiKeyRoute({ idempotent: true }, async ({ caller }) => {
  return { status: 200, body: { data: await rotateWebhookSecret({ accountId: caller.accountId }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
