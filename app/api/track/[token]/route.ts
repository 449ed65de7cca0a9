import { publicRoute, otherMethods } from '@/lib/http/route';
import { getTrackingView } from '@/lib/tracking/get-tracking-view';
import { TRACKING_HEADERS } from '@/lib/tracking/headers';

// GET /api/track/{token} — what the end customer's tracking page shows (no personal data)
export const GET = publicRoute<{ token: string }>({ headers: TRACKING_HEADERS }, async ({ params }) => {
  const view = await getTrackingView({ token: params.token });
  return { status: 200, body: { data: view } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
