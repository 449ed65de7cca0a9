import { parseInput } from '@/lib/validation/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';
import { getWebhookEndpoint } from '@/lib/webhooks/get-webhook-endpoint';
import { registerWebhook } from '@/lib/webhooks/register-webhook';
import { RegisterWebhookBodySchema } from '@/lib/webhooks/schemas';

// GET /ext/webhook — the registered endpoint and its health (disabled? why? how much is pending?)
export const GET = apiKeyRoute({}, async ({ caller }) => {
  return { status: 200, body: { data: await getWebhookEndpoint({ accountId: caller.accountId }) } };
});

// POST /ext/webhook — register the URL that receives the account's callbacks (after a 200 ping)
export const POST = apiKeyRoute({ body: true, idempotent: true, callsOut: true }, async ({ request, caller, body }) => {
  const { webhook } = parseInput(RegisterWebhookBodySchema, body);
  await registerWebhook({ accountId: caller.accountId, url: webhook, signal: request.signal });
  return { status: 204 };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
