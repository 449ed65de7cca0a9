import { opsRoute } from '@/lib/http/route';
import { enableEndpoint } from '@/lib/webhooks/endpoints';

// POST /api/ops/accounts/{id}/webhook/enable — enable an account's disabled endpoint again; replays what is pending
export const POST = opsRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await enableEndpoint({ accountId: params.id }) } };
});
