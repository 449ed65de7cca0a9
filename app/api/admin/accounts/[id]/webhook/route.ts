import { assertAccountExists } from '@/lib/accounts/assert-account-exists';
import { adminRoute, otherMethods } from '@/lib/http/route';
import { findWebhookEndpoint } from '@/lib/webhooks/find-webhook-endpoint';

// GET /api/admin/accounts/{id}/webhook — the account's endpoint and its health (`data: null`: none registered; 404: no such account)
export const GET = adminRoute<{ id: string }>({}, async ({ params }) => {
  await assertAccountExists({ accountId: params.id });
  return { status: 200, body: { data: await findWebhookEndpoint({ accountId: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
