import { apiKeyRoute } from '@/lib/http/route';
import { enableEndpoint } from '@/lib/webhooks/endpoints';

// POST /ext/webhook/enable — enable the endpoint again after it was disabled; replays what is pending
export const POST = apiKeyRoute({ idempotent: true }, async ({ caller }) => {
  return { status: 200, body: { data: await enableEndpoint({ accountId: caller.accountId }) } };
});
