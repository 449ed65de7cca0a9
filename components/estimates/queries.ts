import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/components/client/api-fetch';
import type { Address } from '@/lib/dispatches/schemas';
import type { Estimate } from '@/lib/estimates/schemas';

// Estimates of the new-dispatch form and of the dispatch page's destination change share one
// cache: the same route asked twice is one request.

/** Estimates depend on coordinates only: cached per pickup/destination pair, not per dispatch. */
export const estimateKeys = {
  all: ['estimates'] as const,
  route: (input: EstimateInput) =>
    [...estimateKeys.all, input.pickup.lat, input.pickup.lng, input.destination.lat, input.destination.lng, input.pickupWaitTime ?? null] as const,
};

export interface EstimateInput {
  pickup: Pick<Address, 'lat' | 'lng'>;
  destination: Pick<Address, 'lat' | 'lng'>;
  pickupWaitTime?: number;
}

export function estimateQuery(input: EstimateInput) {
  return queryOptions({
    queryKey: estimateKeys.route(input),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data: Estimate }>('/api/staff/estimate', {
          method: 'POST',
          body: { pickup: input.pickup, destination: input.destination, pickup_wait_time: input.pickupWaitTime },
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });
}
