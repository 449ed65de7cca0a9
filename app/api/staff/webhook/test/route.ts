import { staffRoute, otherMethods } from '@/lib/http/route';
import { sendTestEvent } from '@/lib/webhooks/send-test-event';

// POST /api/staff/webhook/test — queue a signed webhook.ping to the endpoint, delivered like any event
export const POST = staffRoute({}, async ({ caller }) => ({
  status: 202,
  body: { data: await sendTestEvent({ accountId: caller.accountId }) },
}));

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
