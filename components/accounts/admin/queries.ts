import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AccountDetail,
  AccountModes,
  AccountRateLimit,
  AccountSummary,
  AccountUserView,
  ApiKeyView,
  CreatedApiKeyView,
  TariffView,
  UpdateAccountModesBody,
  UpdateRateLimitBody,
  UpdateTariffBody,
} from '@/lib/accounts/shared/schemas';
import type { SessionUser } from '@/lib/platform/shared/auth/schemas';
import type { AccountProofOfDelivery } from '@/lib/accounts/shared/proof-of-delivery-schemas';
import { apiFetch } from '@/components/platform/client/api-fetch';
import type { WebhookEndpointView } from '@/lib/webhooks/shared/schemas';

// Server state of the console's accounts pages: typed keys, abortable reads, one call per write.

export interface CreatedAccount {
  id: string;
  name: string;
  api_key: string;
  webhook_secret: string;
}

export const ACCOUNT_PAGE_SIZE = 25;
/** The webhook card re-reads the endpoint's health this often. */
export const WEBHOOK_REFRESH_MS = 3_000;

const base = (id: string) => `/api/admin/accounts/${encodeURIComponent(id)}`;

export const accountKeys = {
  all: ['admin-accounts'] as const,
  list: (filters: { q?: string; cursor?: string }) => [...accountKeys.all, 'list', filters] as const,
  detail: (id: string) => [...accountKeys.all, 'detail', id] as const,
  users: (id: string) => [...accountKeys.all, 'users', id] as const,
  keys: (id: string) => [...accountKeys.all, 'keys', id] as const,
  webhook: (id: string) => [...accountKeys.all, 'webhook', id] as const,
  proof: (id: string) => [...accountKeys.all, 'proof-of-delivery', id] as const,
};

export const accountQueries = {
  list: (filters: { q?: string; cursor?: string }) =>
    queryOptions({
      queryKey: accountKeys.list(filters),
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({ limit: String(ACCOUNT_PAGE_SIZE) });
        if (filters.q) params.set('q', filters.q);
        if (filters.cursor) params.set('cursor', filters.cursor);
        return apiFetch<{ data: AccountSummary[]; next_cursor: string | null }>(`/api/admin/accounts?${params}`, { signal });
      },
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: accountKeys.detail(id),
      queryFn: async ({ signal }) => (await apiFetch<{ data: AccountDetail }>(base(id), { signal })).data,
    }),
  users: (id: string) =>
    queryOptions({
      queryKey: accountKeys.users(id),
      queryFn: async ({ signal }) => (await apiFetch<{ data: AccountUserView[] }>(`${base(id)}/users`, { signal })).data,
    }),
  keys: (id: string) =>
    queryOptions({
      queryKey: accountKeys.keys(id),
      queryFn: async ({ signal }) => (await apiFetch<{ data: ApiKeyView[] }>(`${base(id)}/api-keys`, { signal })).data,
    }),
  /** What the account's drivers must capture to deliver. */
  proof: (id: string) =>
    queryOptions({
      queryKey: accountKeys.proof(id),
      queryFn: async ({ signal }) => (await apiFetch<{ data: AccountProofOfDelivery }>(`${base(id)}/proof-of-delivery`, { signal })).data,
    }),
  /** The endpoint and its health; null while none is registered. */
  webhook: (id: string) =>
    queryOptions({
      queryKey: accountKeys.webhook(id),
      queryFn: async ({ signal }) => (await apiFetch<{ data: WebhookEndpointView | null }>(`${base(id)}/webhook`, { signal })).data,
      refetchInterval: WEBHOOK_REFRESH_MS,
    }),
};

export const accountApi = {
  create: async (name: string) => (await apiFetch<{ data: CreatedAccount }>('/api/admin/accounts', { method: 'POST', body: { name } })).data,
  updateModes: async (id: string, input: UpdateAccountModesBody) =>
    (await apiFetch<{ data: AccountModes }>(`${base(id)}/modes`, { method: 'PATCH', body: input })).data,
  updateTariff: async (id: string, input: UpdateTariffBody) =>
    (await apiFetch<{ data: TariffView }>(`${base(id)}/tariff`, { method: 'PUT', body: input })).data,
  updateRateLimit: async (id: string, input: UpdateRateLimitBody) =>
    (await apiFetch<{ data: AccountRateLimit }>(`${base(id)}/rate-limit`, { method: 'PUT', body: input })).data,
  updateProofOfDelivery: async (id: string, input: AccountProofOfDelivery) =>
    (await apiFetch<{ data: AccountProofOfDelivery }>(`${base(id)}/proof-of-delivery`, { method: 'PUT', body: input })).data,
  createUser: async (id: string, input: { email: string; name: string; password: string }) =>
    (await apiFetch<{ data: SessionUser }>(`${base(id)}/users`, { method: 'POST', body: input })).data,
  createKey: async (id: string, name: string) =>
    (await apiFetch<{ data: CreatedApiKeyView }>(`${base(id)}/api-keys`, { method: 'POST', body: { name } })).data,
  revokeKey: (id: string, keyId: string) => apiFetch<void>(`${base(id)}/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
  enableWebhook: async (id: string) => (await apiFetch<{ data: WebhookEndpointView }>(`${base(id)}/webhook/enable`, { method: 'POST' })).data,
  disableWebhook: async (id: string, reason: string) =>
    (await apiFetch<{ data: WebhookEndpointView }>(`${base(id)}/webhook/disable`, { method: 'POST', body: { reason } })).data,
};
