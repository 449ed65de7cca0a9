import { apiFetch } from '@/lib/client/api-fetch';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { apiQuery, PAGE_SIZE, type ListFilters } from '@/components/dispatch-list/list-params';

export interface DispatchPage {
  data: DispatchRecord[];
  next_cursor: string | null;
}

export interface DispatchListKey extends ListFilters {
  cursor?: string;
}

// Under the shared ['dispatches'] prefix, so invalidating it after any dispatch change also
// refreshes the list.
export const dispatchListKeys = {
  all: ['dispatches'] as const,
  lists: () => [...dispatchListKeys.all, 'list'] as const,
  list: (key: DispatchListKey) => [...dispatchListKeys.lists(), key] as const,
};

/** The key of a list page: only the values that are set, so server and browser hash it alike. */
export function listKey(filters: ListFilters, cursor: string | undefined): DispatchListKey {
  const key: DispatchListKey = { ...filters };
  if (cursor) key.cursor = cursor;
  return key;
}

export function fetchDispatchPage(key: DispatchListKey, signal: AbortSignal): Promise<DispatchPage> {
  const { cursor, ...filters } = key;
  return apiFetch<DispatchPage>(`/api/staff/dispatches?${apiQuery(filters, { cursor, limit: PAGE_SIZE })}`, { signal });
}
