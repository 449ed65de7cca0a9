import { queryOptions } from '@tanstack/react-query';
import type { ApiKeyView, CreatedApiKeyView } from '@/lib/accounts/shared/schemas';
import type { Branch, BranchInput } from '@/lib/accounts/shared/branches/schemas';
import { apiFetch } from '@/components/platform/client/api-fetch';
import type { DeliveryListQuery, WebhookDeliveryDetailView, WebhookDeliveryView, WebhookEndpointView } from '@/lib/webhooks/shared/schemas';

// Server state of the settings pages: one typed key factory per resource, query functions that
// pass the abort signal, and the calls the mutations make.

/** The delivery log's filters and page, as the URL query of the list route takes them. */
export type DeliveryFilters = Pick<DeliveryListQuery, 'event_type' | 'status'> & { cursor?: string };

export interface DeliveryPage {
  data: WebhookDeliveryView[];
  next_cursor: string | null;
}

export interface WebhookSecret {
  secret: string;
  previous_secret_expires_at: string | null;
}

export const DELIVERY_PAGE_SIZE = 20;
/** The delivery log refreshes this often while it shows a pending delivery. */
export const PENDING_REFRESH_MS = 2_000;

export const webhookKeys = {
  all: ['webhook'] as const,
  endpoint: () => [...webhookKeys.all, 'endpoint'] as const,
  secret: () => [...webhookKeys.all, 'secret'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
  deliveryList: (filters: DeliveryFilters) => [...webhookKeys.deliveries(), 'list', filters] as const,
  delivery: (id: string) => [...webhookKeys.deliveries(), 'detail', id] as const,
};

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

/** `['branches']` is shared with the new-dispatch form, which offers the branches' pickups. */
export const branchKeys = {
  all: ['branches'] as const,
  list: () => [...branchKeys.all, 'list'] as const,
};

export const webhookQueries = {
  /** The endpoint and its health; null while none is registered. */
  endpoint: () =>
    queryOptions({
      queryKey: webhookKeys.endpoint(),
      queryFn: async ({ signal }) => (await apiFetch<{ data: WebhookEndpointView | null }>('/api/staff/webhook', { signal })).data,
    }),
  /** Read only on a deliberate "Reveal", never kept once hidden. */
  secret: () =>
    queryOptions({
      queryKey: webhookKeys.secret(),
      queryFn: async ({ signal }) => (await apiFetch<{ data: WebhookSecret }>('/api/staff/webhook/secret', { signal })).data,
      staleTime: Infinity,
      gcTime: 0,
    }),
  deliveryList: (filters: DeliveryFilters) =>
    queryOptions({
      queryKey: webhookKeys.deliveryList(filters),
      queryFn: ({ signal }) => apiFetch<DeliveryPage>(`/api/staff/webhook/deliveries?${deliveryQuery(filters)}`, { signal }),
      refetchInterval: (query) => (query.state.data?.data.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false),
    }),
  delivery: (id: string) =>
    queryOptions({
      queryKey: webhookKeys.delivery(id),
      queryFn: async ({ signal }) =>
        (await apiFetch<{ data: WebhookDeliveryDetailView }>(`/api/staff/webhook/deliveries/${encodeURIComponent(id)}`, { signal })).data,
      refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_REFRESH_MS : false),
    }),
};

function deliveryQuery(filters: DeliveryFilters): string {
  const params = new URLSearchParams({ limit: String(DELIVERY_PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return params.toString();
}

export const apiKeyQueries = {
  list: () =>
    queryOptions({
      queryKey: apiKeyKeys.list(),
      queryFn: async ({ signal }) => (await apiFetch<{ data: ApiKeyView[] }>('/api/staff/api-keys', { signal })).data,
    }),
};

export const branchQueries = {
  list: () =>
    queryOptions({
      queryKey: branchKeys.list(),
      queryFn: async ({ signal }) => (await apiFetch<{ data: Branch[] }>('/api/staff/branches', { signal })).data,
    }),
};

// The writes, one per dashboard route.
export const settingsApi = {
  registerWebhook: (webhook: string) => apiFetch<void>('/api/staff/webhook', { method: 'POST', body: { webhook } }),
  enableWebhook: async () => (await apiFetch<{ data: WebhookEndpointView }>('/api/staff/webhook/enable', { method: 'POST' })).data,
  removeWebhook: async () => {
    await apiFetch<void>('/api/staff/webhook', { method: 'DELETE' });
  },
  sendTestEvent: async () => (await apiFetch<{ data: WebhookDeliveryView }>('/api/staff/webhook/test', { method: 'POST' })).data,
  rotateSecret: async () =>
    (await apiFetch<{ data: { webhook_secret: string; previous_secret_expires_at: string } }>('/api/staff/webhook/secret/rotate', { method: 'POST' }))
      .data,
  redeliver: async (id: string) =>
    (await apiFetch<{ data: WebhookDeliveryView }>(`/api/staff/webhook/deliveries/${encodeURIComponent(id)}/redeliver`, { method: 'POST' })).data,
  createApiKey: async (name: string) => (await apiFetch<{ data: CreatedApiKeyView }>('/api/staff/api-keys', { method: 'POST', body: { name } })).data,
  revokeApiKey: (id: string) => apiFetch<void>(`/api/staff/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  createBranch: async (input: BranchInput) => (await apiFetch<{ data: Branch }>('/api/staff/branches', { method: 'POST', body: input })).data,
  updateBranch: async (id: string, input: BranchInput) =>
    (await apiFetch<{ data: Branch }>(`/api/staff/branches/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })).data,
  deleteBranch: (id: string) => apiFetch<void>(`/api/staff/branches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
