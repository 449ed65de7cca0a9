import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/platform/client/api-fetch';
import type { Address, DispatchRecord, UpdateDropoffBody } from '@/lib/dispatch/shared/schemas';
import type { DispatchProof } from '@/lib/dispatch/server/list-dispatch-proofs';
import type { DestinationChange } from '@/lib/dispatch/server/list-destination-changes';
import type { DispatchTrail } from '@/lib/dispatch/server/get-dispatch-trail';
import type { DispatchDriver, DispatchEta } from '@/lib/fleet/shared/drivers/schemas';
import type { DispatchDeliveryList } from '@/lib/webhooks/shared/schemas';
import { DISPATCH_SURFACES, type DispatchSurface } from './surface';

// Everything of one dispatch lives under ['dispatches', 'detail', id]: a live change of the
// dispatch (or `invalidateQueries({ queryKey: ['dispatches'] })`) refreshes the record, its
// webhook deliveries and its driver together.

export const dispatchDetailKeys = {
  all: ['dispatches', 'detail'] as const,
  dispatch: (id: string) => [...dispatchDetailKeys.all, id] as const,
  deliveries: (id: string) => [...dispatchDetailKeys.dispatch(id), 'deliveries'] as const,
  driver: (id: string, driverId: string) => [...dispatchDetailKeys.dispatch(id), 'driver', driverId] as const,
  eta: (id: string) => [...dispatchDetailKeys.dispatch(id), 'eta'] as const,
  proof: (id: string) => [...dispatchDetailKeys.dispatch(id), 'proof'] as const,
  destinationChanges: (id: string) => [...dispatchDetailKeys.dispatch(id), 'destination-changes'] as const,
  trail: (id: string) => [...dispatchDetailKeys.dispatch(id), 'trail'] as const,
};

/**
 * A driver's position writes no dispatch event (only a moved ETA or a geofence status does), so
 * while a driver is on the dispatch the page re-reads where they are at this pace.
 */
export const DRIVER_POSITION_REFRESH_MS = 10_000;

/** The newest page is all the page shows: a dispatch has a handful of events per endpoint. */
export const DELIVERIES_PAGE_SIZE = 100;

// The keys do not name the surface: a browser is signed in to one of them at a time.

export function dispatchQuery(id: string, surface: DispatchSurface = DISPATCH_SURFACES.staff) {
  return queryOptions({
    queryKey: dispatchDetailKeys.dispatch(id),
    queryFn: async ({ signal }) => (await apiFetch<{ data: DispatchRecord }>(surface.dispatchPath(id), { signal })).data,
  });
}

export function deliveriesQuery(id: string, surface: DispatchSurface = DISPATCH_SURFACES.staff) {
  return queryOptions({
    queryKey: dispatchDetailKeys.deliveries(id),
    queryFn: ({ signal }) => apiFetch<DispatchDeliveryList>(`${surface.dispatchPath(id)}/deliveries?limit=${DELIVERIES_PAGE_SIZE}`, { signal }),
  });
}

/** `isOnDuty`: whether the driver's position is to be followed (re-read on an interval). */
export function driverQuery(id: string, driverId: string, surface: DispatchSurface = DISPATCH_SURFACES.staff, isOnDuty = false) {
  return queryOptions({
    queryKey: dispatchDetailKeys.driver(id, driverId),
    queryFn: async ({ signal }) => (await apiFetch<{ data: DispatchDriver }>(surface.driverPath(id, driverId), { signal })).data,
    // A driver's name and phone rarely change; the dispatch's live changes refresh them anyway.
    staleTime: 5 * 60_000,
    refetchInterval: isOnDuty ? DRIVER_POSITION_REFRESH_MS : false,
  });
}

/** The ETA last announced: each announcement is a dispatch event, so live changes refresh it. */
export function etaQuery(id: string, surface: DispatchSurface = DISPATCH_SURFACES.staff) {
  return queryOptions({
    queryKey: dispatchDetailKeys.eta(id),
    queryFn: async ({ signal }) => (await apiFetch<{ data: DispatchEta | null }>(`${surface.dispatchPath(id)}/eta`, { signal })).data,
  });
}

export async function patchDestination(id: string, destination: Address, surface: DispatchSurface = DISPATCH_SURFACES.staff): Promise<DispatchRecord> {
  return (await apiFetch<{ data: DispatchRecord }>(`${surface.dispatchPath(id)}/destination`, { method: 'PATCH', body: destination })).data;
}

/** "Ready now": recorded at once after the driver's acceptance, else kept until a driver accepts. */
export async function postReady(id: string, surface: DispatchSurface = DISPATCH_SURFACES.staff): Promise<DispatchRecord> {
  return (await apiFetch<{ data: DispatchRecord }>(`${surface.dispatchPath(id)}/ready`, { method: 'POST' })).data;
}

export async function patchDropoff(id: string, body: UpdateDropoffBody, surface: DispatchSurface = DISPATCH_SURFACES.staff): Promise<DispatchRecord> {
  return (await apiFetch<{ data: DispatchRecord }>(`${surface.dispatchPath(id)}/dropoff`, { method: 'PATCH', body })).data;
}

/**
 * What the dispatch page would fetch first, read by the server page with the same domain calls
 * and put in the query cache it hands over: the page arrives with its data (no spinner, no shift).
 */
export function seedDispatchDetail(
  queryClient: QueryClient,
  { dispatch, deliveries, driver, eta }: { dispatch: DispatchRecord; deliveries: DispatchDeliveryList; driver: DispatchDriver | null; eta: DispatchEta | null },
): void {
  queryClient.setQueryData(dispatchQuery(dispatch.id).queryKey, dispatch);
  queryClient.setQueryData(deliveriesQuery(dispatch.id).queryKey, deliveries);
  queryClient.setQueryData(etaQuery(dispatch.id).queryKey, eta);
  if (driver) queryClient.setQueryData(driverQuery(dispatch.id, driver.id).queryKey, driver);
}

/** The driver app's proof of the dispatch (photos, signature, a failed delivery's reason). */
export function proofQuery(id: string, surface: DispatchSurface = DISPATCH_SURFACES.staff) {
  return queryOptions({
    queryKey: dispatchDetailKeys.proof(id),
    queryFn: async ({ signal }) => (await apiFetch<{ data: DispatchProof }>(`${surface.dispatchPath(id)}/proof`, { signal })).data,
  });
}

/** Every move of the destination, with the address before and after (the dispatch's history). */
export function destinationChangesQuery(id: string, surface: DispatchSurface = DISPATCH_SURFACES.staff) {
  return queryOptions({
    queryKey: dispatchDetailKeys.destinationChanges(id),
    queryFn: async ({ signal }) => (await apiFetch<{ data: DestinationChange[] }>(`${surface.dispatchPath(id)}/destination-changes`, { signal })).data,
  });
}

/**
 * The route the driver took (their positions on the dispatch, thinned by the server past 500).
 * Positions write no dispatch event: while the driver is on the dispatch (`isFollowing`) it is
 * re-read at the driver's pace, like the driver's position.
 */
export function trailQuery(id: string, surface: DispatchSurface = DISPATCH_SURFACES.staff, isFollowing = false) {
  return queryOptions({
    queryKey: dispatchDetailKeys.trail(id),
    queryFn: async ({ signal }) => (await apiFetch<{ data: DispatchTrail }>(`${surface.dispatchPath(id)}/trail`, { signal })).data,
    refetchInterval: isFollowing ? DRIVER_POSITION_REFRESH_MS : false,
  });
}
