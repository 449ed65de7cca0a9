import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/components/platform/client/api-fetch';
import { AUDIENCE_PATHS } from '@/components/dispatch/list/audience';
import { LIST_URLS, type ListFilters } from '@/components/dispatch/list/list-params';
import type { BulkAction } from '@/lib/dispatch/server/console-schemas';
import type { AuditEntry } from '@/lib/dispatch/server/list-dispatch-audit';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import type { DriverCandidate } from '@/lib/fleet/server/drivers/driver-candidates';
import type { PickerDriver } from '@/lib/fleet/server/drivers/list-drivers';
import type { ErrorCode } from '@/lib/platform/server/errors/domain-error';

// The console's own dispatch calls: bulk actions, the driver picker, the audit trail, assigning
// and recording a status. The list and the detail read through components/dispatch/list and
// components/dispatch/detail, by audience.

/** A row of the console's list (and of the QA queue): the dispatch with its account and driver. */
export interface AdminRow {
  account: { id: string; name: string };
  driver: { id: string; name: string } | null;
  /** The driver's last announced arrival at the next stop (pickup or destination); null without one. */
  eta?: { stop: 'pickup' | 'destination'; arrive_at: string } | null;
  record: DispatchRecord;
}

export interface AdminDispatchPage {
  data: AdminRow[];
  next_cursor: string | null;
}

export type BulkRowResult =
  | { id: string; ok: true; record: DispatchRecord }
  | { id: string; ok: false; error: ErrorCode; error_desc: string; r_id: string | null };

export interface BulkResponse {
  data: BulkRowResult[];
  applied: number;
  refused: number;
}

const DISPATCHES = AUDIENCE_PATHS.admin.apiPath;

export const adminDispatchKeys = {
  audit: (id: string) => ['dispatches', 'detail', id, 'audit'] as const,
  /** Under the dispatch's detail key: every live change of the dispatch re-reads it. */
  drivers: (q: string, isActiveOnly: boolean) => ['drivers', 'search', q, isActiveOnly] as const,
  /** Under the dispatch's detail key: the dispatch's live changes (an assignment) re-read it. */
  candidates: (id: string, q: string) => ['dispatches', 'detail', id, 'driver-candidates', q] as const,
};

/** The drivers who may carry one dispatch (on duty and nearest first, with distance and load), matching `q`. */
export function driverCandidatesQuery(dispatchId: string, q: string) {
  return queryOptions({
    queryKey: adminDispatchKeys.candidates(dispatchId, q),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data: DriverCandidate[] }>(
          `${DISPATCHES}/${encodeURIComponent(dispatchId)}/driver-candidates${q ? `?${new URLSearchParams({ q })}` : ''}`,
          { signal },
        )
      ).data,
    staleTime: 15_000,
  });
}

/** Ids of every dispatch matching the filters, newest first, at most `max` (200 per request). */
export async function fetchMatchingIds(filters: ListFilters, max: number): Promise<{ ids: string[]; isCapped: boolean }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const limit = Math.min(200, max - ids.length);
    const page = await apiFetch<AdminDispatchPage>(`${DISPATCHES}?${LIST_URLS.admin.apiQuery(filters, { cursor, limit })}`);
    ids.push(...page.data.map((row) => row.record.id));
    if (!page.next_cursor) return { ids, isCapped: false };
    if (ids.length >= max) return { ids, isCapped: true };
    cursor = page.next_cursor;
  }
}

export function postBulk(ids: string[], action: BulkAction): Promise<BulkResponse> {
  return apiFetch<BulkResponse>(`${DISPATCHES}/bulk`, { method: 'POST', body: { ids, action } });
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
    queryFn: async ({ signal }) => (await apiFetch<{ data: AuditEntry[] }>(`${DISPATCHES}/${encodeURIComponent(id)}/audit`, { signal })).data,
  });
}

export async function postAssign(id: string, driverId: string): Promise<DispatchRecord> {
  return (await apiFetch<{ data: DispatchRecord }>(`${DISPATCHES}/${encodeURIComponent(id)}/assign`, { method: 'POST', body: { driver_id: driverId } })).data;
}

export async function postStatus(id: string, status: string): Promise<DispatchRecord> {
  return (await apiFetch<{ data: DispatchRecord }>(`${DISPATCHES}/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status } })).data;
}
