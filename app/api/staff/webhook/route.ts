import { parseInput } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';
import { findWebhookEndpoint } from '@/lib/webhooks/find-webhook-endpoint';
import { registerWebhook } from '@/lib/webhooks/register-webhook';
import { removeWebhookEndpoint } from '@/lib/webhooks/remove-webhook-endpoint';
import { RegisterWebhookBodySchema } from '@/lib/webhooks/schemas';

// GET /api/staff/webhook — the account's webhook endpoint and its health (`data: null` while none is registered)
export const GET = staffRoute({}, async ({ caller }) => ({
  status: 200,
  body: { data: await findWebhookEndpoint({ accountId: caller.accountId }) },
}));

// POST /api/staff/webhook — register or replace the webhook URL (after it answers the signed ping with 200)
export const POST = staffRoute({ body: true, callsOut: true }, async ({ request, caller, body }) => {
  const { webhook } = parseInput(RegisterWebhookBodySchema, body);
  await registerWebhook({ accountId: caller.accountId, url: webhook, signal: request.signal });
  return { status: 204 };
});

// DELETE /api/staff/webhook — remove the webhook: nothing more is sent; what was pending is closed as failed, with the reason
export const DELETE = staffRoute({}, async ({ caller }) => {
  await removeWebhookEndpoint({ accountId: caller.accountId, by: caller.user.name });
  return { status: 204 };
});

export const { PUT, PATCH, OPTIONS } = otherMethods({ GET, POST, DELETE });
