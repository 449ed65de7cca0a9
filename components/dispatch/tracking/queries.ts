import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/components/platform/client/api-fetch';
import type { TrackingView } from '@/lib/dispatch/server/tracking/schemas';

/** How often an open tracking page asks for news while the delivery is under way. */
export const TRACKING_POLL_MS = 5_000;

export const trackingKeys = {
  all: ['tracking'] as const,
  view: (token: string) => [...trackingKeys.all, token] as const,
};

// Polling, not the dashboard's server-sent events: driver positions write no dispatch events,
// the page has no account to subscribe to, and a finished delivery stops asking altogether.
export function trackingQuery(token: string) {
  return queryOptions({
    queryKey: trackingKeys.view(token),
    queryFn: async ({ signal }) => (await apiFetch<{ data: TrackingView }>(`/api/track/${encodeURIComponent(token)}`, { signal })).data,
    refetchInterval: (query) => (query.state.data?.is_finished ? false : TRACKING_POLL_MS),
    staleTime: TRACKING_POLL_MS,
  });
}
