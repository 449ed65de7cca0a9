import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api-fetch';
import type { AuditEntry } from '@/lib/dispatches/list-dispatch-audit';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import type { PickerDriver } from '@/lib/drivers/list-drivers';
import type { ErrorCode } from '@/lib/http/errors';
import { adminApiQuery, ADMIN_PAGE_SIZE, type AdminFilters } from './list-params';

export interface AdminRow {
  account: { id: string; name: string };
  driver: { id: string; name: string } | null;
  record: DispatchRecord;
}

export interface AdminDispatchPage {
  data: AdminRow[];
  next_cursor: string | null;
}

export interface AdminListKey extends AdminFilters {
  cursor?: string;
}

export type BulkAction = { type: 'assign'; driver_id: string } | { type: 'status'; status: string };

export type BulkRowResult =
  | { id: string; ok: true; record: DispatchRecord }
  | { id: string; ok: false; error: ErrorCode; error_desc: string; r_id: string | null };

export interface BulkResponse {
  data: BulkRowResult[];
  applied: number;
  refused: number;
}

// Under the shared ['dispatches'] prefix, like the staff list's, so a dispatch change refreshes both.
export const adminDispatchKeys = {
  all: ['dispatches', 'admin'] as const,
  lists: () => [...adminDispatchKeys.all, 'list'] as const,
  list: (key: AdminListKey) => [...adminDispatchKeys.lists(), key] as const,
  audit: (id: string) => ['dispatches', 'detail', id, 'audit'] as const,
  drivers: (q: string, isActiveOnly: boolean) => ['drivers', 'search', q, isActiveOnly] as const,
};

/** Only the values that are set, so server and browser hash the key alike. */
export function adminListKey(filters: AdminFilters, cursor: string | undefined): AdminListKey {
  const key: AdminListKey = { ...filters };
  if (cursor) key.cursor = cursor;
  return key;
}

export function fetchAdminPage(key: AdminListKey, signal?: AbortSignal): Promise<AdminDispatchPage> {
  const { cursor, ...filters } = key;
  return apiFetch<AdminDispatchPage>(`/api/admin/dispatches?${adminApiQuery(filters, { cursor, limit: ADMIN_PAGE_SIZE })}`, { signal });
}

/** Ids of every dispatch matching the filters, newest first, at most `max` (200 per request). */
export async function fetchMatchingIds(filters: AdminFilters, max: number): Promise<{ ids: string[]; isCapped: boolean }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const limit = Math.min(200, max - ids.length);
    const page = await apiFetch<AdminDispatchPage>(`/api/admin/dispatches?${adminApiQuery(filters, { cursor, limit })}`);
    ids.push(...page.data.map((row) => row.record.id));
    if (!page.next_cursor) return { ids, isCapped: false };
    if (ids.length >= max) return { ids, isCapped: true };
    cursor = page.next_cursor;
  }
}

export function postBulk(ids: string[], action: BulkAction): Promise<BulkResponse> {
  return apiFetch<BulkResponse>('/api/admin/dispatches/bulk', { method: 'POST', body: { ids, action } });
}

/** Drivers matching `q` (name, id or phone), active ones only unless `isActiveOnly` is false. */
export function driverSearchQuery(q: string, isActiveOnly = true) {
  return queryOptions({
    queryKey: adminDispatchKeys.drivers(q, isActiveOnly),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data: PickerDriver[] }>(
          `/api/admin/drivers?${new URLSearchParams({ ...(q ? { q } : {}), ...(isActiveOnly ? { active: 'true' } : {}), limit: '50' })}`,
          { signal },
        )
      ).data,
    staleTime: 30_000,
  });
}

export function auditQuery(id: string) {
  return queryOptions({
    queryKey: adminDispatchKeys.audit(id),
    queryFn: async ({ signal }) => (await apiFetch<{ data: AuditEntry[] }>(`/api/admin/dispatches/${encodeURIComponent(id)}/audit`, { signal })).data,
  });
}

export async function postAssign(id: string, driverId: string): Promise<DispatchRecord> {
  return (await apiFetch<{ data: DispatchRecord }>(`/api/admin/dispatches/${encodeURIComponent(id)}/assign`, { method: 'POST', body: { driver_id: driverId } })).data;
}

export async function postStatus(id: string, status: string): Promise<DispatchRecord> {
  return (await apiFetch<{ data: DispatchRecord }>(`/api/admin/dispatches/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status } })).data;
}
