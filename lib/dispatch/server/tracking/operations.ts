import { defineOperation } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';
import { getTrackingView } from '@/lib/dispatch/server/tracking/get-tracking-view';
import { TRACKING_HEADERS } from '@/lib/dispatch/server/internal/tracking/headers';

/** What the end customer's tracking page shows (no personal data); the token is the credential. */
export const trackingViewOperation = defineOperation<{ token: string }>()({
  method: 'GET',
  mounts: { public: '/api/track/{token}' },
  options: { headers: TRACKING_HEADERS },
  run: async ({ params }) => dataReply(await getTrackingView({ token: params.token })),
});
