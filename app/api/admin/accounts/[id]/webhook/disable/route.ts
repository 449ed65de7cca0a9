import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';
import { disableWebhookEndpoint } from '@/lib/webhooks/disable-webhook-endpoint';
import { DisableWebhookBodySchema } from '@/lib/webhooks/schemas';

// POST /api/admin/accounts/{id}/webhook/disable — pause the endpoint: deliveries wait until it is enabled
export const POST = adminRoute<{ id: string }>({ body: true }, async ({ params, body, caller }) => {
  const { reason } = parseInput(DisableWebhookBodySchema, body);
  return { status: 200, body: { data: await disableWebhookEndpoint({ accountId: params.id, reason, by: caller.user.email ?? caller.user.name }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
