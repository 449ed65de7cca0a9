import { parseInput } from '@/lib/http/parse-input';
import { apiKeyRoute } from '@/lib/http/route';
import { registerWebhook } from '@/lib/webhooks/register-webhook';
import { RegisterWebhookBodySchema } from '@/lib/webhooks/schemas';

// POST /ext/webhook — register the URL that receives the account's callbacks (after a 200 ping)
export const POST = apiKeyRoute({ body: true, idempotent: true, callsOut: true }, async ({ caller, body }) => {
  const { webhook } = parseInput(RegisterWebhookBodySchema, body);
  await registerWebhook({ accountId: caller.accountId, url: webhook });
  return { status: 204 };
});
