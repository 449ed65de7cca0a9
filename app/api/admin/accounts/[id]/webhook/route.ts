import { adminRoute, otherMethods } from '@/lib/http/route';
import { getWebhookEndpoint } from '@/lib/webhooks/get-webhook-endpoint';

// GET /api/admin/accounts/{id}/webhook — the account's endpoint and its health (404: none registered)
export const GET = adminRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await getWebhookEndpoint({ accountId: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
