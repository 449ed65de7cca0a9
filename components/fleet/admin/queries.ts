import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import type { AdminDriver, CreateDriverBody, UpdateDriverBody } from '@/lib/fleet/shared/drivers/schemas';
import type { DriverSignInView, SetDriverSignInBody, SignInLinkView } from '@/lib/fleet/shared/drivers/driver-sign-in-schemas';
import type { FleetView, UpdateFleetBody } from '@/lib/fleet/shared/fleets/schemas';
import { apiFetch } from '@/components/platform/client/api-fetch';

// Server state of the console's drivers and fleets pages: typed keys, abortable reads, writes.

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export interface DriverFilters {
  q?: string;
  fleet?: string;
  active?: 'true' | 'false';
  cursor?: string;
}

export const DRIVER_PAGE_SIZE = 25;
export const DRIVER_DISPATCH_PAGE_SIZE = 10;

export const driverKeys = {
  all: ['admin-drivers'] as const,
  list: (filters: DriverFilters) => [...driverKeys.all, 'list', filters] as const,
  detail: (id: string) => [...driverKeys.all, 'detail', id] as const,
  dispatches: (id: string, cursor: string | undefined) => [...driverKeys.all, 'dispatches', id, cursor ?? null] as const,
  signIn: (id: string) => [...driverKeys.all, 'sign-in', id] as const,
  /** A sign-in link's QR code, drawn in the browser. */
  signInQr: (url: string) => [...driverKeys.all, 'sign-in-qr', url] as const,
};

export const fleetKeys = {
  all: ['admin-fleets'] as const,
  list: () => [...fleetKeys.all, 'list'] as const,
};

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  return search.toString();
}

export const driverQueries = {
  list: (filters: DriverFilters) =>
    queryOptions({
      queryKey: driverKeys.list(filters),
      queryFn: ({ signal }) => apiFetch<Page<AdminDriver>>(`/api/admin/drivers?${query({ ...filters, limit: String(DRIVER_PAGE_SIZE) })}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: driverKeys.detail(id),
      queryFn: async ({ signal }) => (await apiFetch<{ data: AdminDriver }>(`/api/admin/drivers/${encodeURIComponent(id)}`, { signal })).data,
      // The last position moves while the page is open.
      refetchInterval: 5_000,
    }),
  dispatches: (id: string, cursor: string | undefined) =>
    queryOptions({
      queryKey: driverKeys.dispatches(id, cursor),
      queryFn: ({ signal }) =>
        apiFetch<Page<DispatchRecord>>(
          `/api/admin/drivers/${encodeURIComponent(id)}/dispatches?${query({ cursor, limit: String(DRIVER_DISPATCH_PAGE_SIZE) })}`,
          { signal },
        ),
      placeholderData: keepPreviousData,
      refetchInterval: 10_000,
    }),
  /** The driver's app sign-in, or null while they have none. */
  signIn: (id: string) =>
    queryOptions({
      queryKey: driverKeys.signIn(id),
      queryFn: async ({ signal }) => (await apiFetch<{ data: DriverSignInView | null }>(`/api/admin/drivers/${encodeURIComponent(id)}/sign-in`, { signal })).data,
    }),
};

export const fleetQueries = {
  /** Every fleet (an operator has a handful; the route's cap is 500). */
  list: () =>
    queryOptions({
      queryKey: fleetKeys.list(),
      queryFn: async ({ signal }) => (await apiFetch<Page<FleetView>>('/api/admin/fleets?limit=500', { signal })).data,
    }),
};

export const fleetApi = {
  createDriver: async (input: CreateDriverBody) =>
    (await apiFetch<{ data: { id: string; name: string } }>('/api/admin/drivers', { method: 'POST', body: input })).data,
  updateDriver: async (id: string, input: UpdateDriverBody) =>
    (await apiFetch<{ data: AdminDriver }>(`/api/admin/drivers/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })).data,
  setSignIn: async (id: string, input: Pick<SetDriverSignInBody, 'phone' | 'pin'>) =>
    (await apiFetch<{ data: DriverSignInView }>(`/api/admin/drivers/${encodeURIComponent(id)}/sign-in`, { method: 'POST', body: input })).data,
  createSignInLink: async (id: string) =>
    (await apiFetch<{ data: SignInLinkView }>(`/api/admin/drivers/${encodeURIComponent(id)}/sign-in-link`, { method: 'POST' })).data,
  createFleet: async (name: string) => (await apiFetch<{ data: FleetView }>('/api/admin/fleets', { method: 'POST', body: { name } })).data,
  updateFleet: async (id: string, input: UpdateFleetBody) =>
    (await apiFetch<{ data: FleetView }>(`/api/admin/fleets/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })).data,
};
