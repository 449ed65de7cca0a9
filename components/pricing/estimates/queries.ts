import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/components/platform/client/api-fetch';
import type { Address } from '@/lib/dispatch/shared/schemas';
import type { QuotedEstimate } from '@/lib/dispatch/shared/estimate-schemas';

// Estimates of the new-dispatch form and of the dispatch page's destination change share one
// cache: the same route asked twice is one request.

/** Estimates depend on coordinates only: cached per pickup/destination pair, not per dispatch. */
export const estimateKeys = {
  all: ['estimates'] as const,
  route: (input: EstimateInput) =>
    [...estimateKeys.all, input.pickup.lat, input.pickup.lng, input.destination.lat, input.destination.lng, input.pickupWaitTime ?? null, input.pickupReadyAt ?? null] as const,
};

export interface EstimateInput {
  pickup: Pick<Address, 'lat' | 'lng'>;
  destination: Pick<Address, 'lat' | 'lng'>;
  pickupWaitTime?: number;
  /** A scheduled pickup (ISO 8601): the planned times start from it. Round it (it is part of the key). */
  pickupReadyAt?: string;
}

export function estimateQuery(input: EstimateInput) {
  return queryOptions({
    queryKey: estimateKeys.route(input),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data: QuotedEstimate }>('/api/staff/estimate', {
          method: 'POST',
          body: { pickup: input.pickup, destination: input.destination, pickup_wait_time: input.pickupWaitTime, pickup_ready_at: input.pickupReadyAt },
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });
}
