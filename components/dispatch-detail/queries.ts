import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api-fetch';
import type { Address, DispatchRecord } from '@/lib/dispatches/schemas';
import type { Driver } from '@/lib/drivers/schemas';
import type { DispatchDeliveryList } from '@/lib/webhooks/schemas';
import { STAFF_SURFACE, type DispatchSurface } from './surface';

// Everything of one dispatch lives under ['dispatches', 'detail', id]: a live change of the
// dispatch (or `invalidateQueries({ queryKey: ['dispatches'] })`) refreshes the record, its
// webhook deliveries and its driver together.

export const dispatchDetailKeys = {
  all: ['dispatches', 'detail'] as const,
  dispatch: (id: string) => [...dispatchDetailKeys.all, id] as const,
  deliveries: (id: string) => [...dispatchDetailKeys.dispatch(id), 'deliveries'] as const,
  driver: (id: string, driverId: string) => [...dispatchDetailKeys.dispatch(id), 'driver', driverId] as const,
};

/** The newest page is all the page shows: a dispatch has a handful of events per endpoint. */
export const DELIVERIES_PAGE_SIZE = 100;

// The keys do not name the surface: a browser is signed in to one of them at a time.

export function dispatchQuery(id: string, surface: DispatchSurface = STAFF_SURFACE) {
  return queryOptions({
    queryKey: dispatchDetailKeys.dispatch(id),
    queryFn: async ({ signal }) => (await apiFetch<{ data: DispatchRecord }>(surface.dispatchPath(id), { signal })).data,
  });
}

export function deliveriesQuery(id: string, surface: DispatchSurface = STAFF_SURFACE) {
  return queryOptions({
    queryKey: dispatchDetailKeys.deliveries(id),
    queryFn: ({ signal }) => apiFetch<DispatchDeliveryList>(`${surface.dispatchPath(id)}/deliveries?limit=${DELIVERIES_PAGE_SIZE}`, { signal }),
  });
}

export function driverQuery(id: string, driverId: string, surface: DispatchSurface = STAFF_SURFACE) {
  return queryOptions({
    queryKey: dispatchDetailKeys.driver(id, driverId),
    queryFn: async ({ signal }) => (await apiFetch<{ data: Driver }>(surface.driverPath(id, driverId), { signal })).data,
    // A driver's name and phone rarely change; the dispatch's live changes refresh them anyway.
    staleTime: 5 * 60_000,
  });
}

export async function patchDestination(id: string, destination: Address, surface: DispatchSurface = STAFF_SURFACE): Promise<DispatchRecord> {
  return (await apiFetch<{ data: DispatchRecord }>(`${surface.dispatchPath(id)}/destination`, { method: 'PATCH', body: destination })).data;
}
