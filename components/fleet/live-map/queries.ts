import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/components/platform/client/api-fetch';
import type { LiveMapView } from '@/lib/dispatch/shared/live/live-map-schemas';

/** The live map re-reads drivers and dispatches this often (two indexed queries per read). */
export const LIVE_MAP_REFRESH_MS = 2_500;

export const liveMapKeys = {
  all: ['admin-live-map'] as const,
};

export const liveMapQueries = {
  map: () =>
    queryOptions({
      queryKey: liveMapKeys.all,
      queryFn: async ({ signal }) => (await apiFetch<{ data: LiveMapView }>('/api/admin/live-map', { signal })).data,
      refetchInterval: LIVE_MAP_REFRESH_MS,
      staleTime: 0,
    }),
};
