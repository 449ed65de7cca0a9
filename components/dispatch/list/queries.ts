import { apiFetch } from '@/components/platform/client/api-fetch';
import type { AdminDispatchPage, AdminRow } from '@/components/dispatch/admin/queries';
import { AUDIENCE_PATHS, type Audience } from '@/components/dispatch/list/audience';
import { LIST_URLS, PAGE_SIZE, type ListFilters } from '@/components/dispatch/list/list-params';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';

/** A page of the staff API: the account's dispatches. */
export interface DispatchPage {
  data: DispatchRecord[];
  next_cursor: string | null;
}

/** A page as the audience's API returns it (and as the server page puts it in the cache). */
export type ListPage = DispatchPage | AdminDispatchPage;

/** A row of the list: the dispatch, and for admins its account and driver. */
export type DispatchRow = Pick<AdminRow, 'record'> & Partial<Omit<AdminRow, 'record'>>;

export interface DispatchListKey extends ListFilters {
  cursor?: string;
}

// Under the shared ['dispatches'] prefix, so invalidating it after any dispatch change also
// refreshes the list.
export const dispatchListKeys = {
  all: ['dispatches'] as const,
  lists: (audience: Audience) => [...dispatchListKeys.all, 'list', audience] as const,
  list: (audience: Audience, key: DispatchListKey) => [...dispatchListKeys.lists(audience), key] as const,
};

/** The key of a list page: only the values that are set, so server and browser hash it alike. */
export function listKey(filters: ListFilters, cursor: string | undefined): DispatchListKey {
  const key: DispatchListKey = { ...filters };
  if (cursor) key.cursor = cursor;
  return key;
}

export function fetchListPage(audience: Audience, key: DispatchListKey, signal: AbortSignal): Promise<ListPage> {
  const { cursor, ...filters } = key;
  return apiFetch<ListPage>(`${AUDIENCE_PATHS[audience].apiPath}?${LIST_URLS[audience].apiQuery(filters, { cursor, limit: PAGE_SIZE[audience] })}`, { signal });
}

/** The page's rows: the console's come with their account and driver, the staff API's are bare records. */
export function rowsOf(page: ListPage): DispatchRow[] {
  return page.data.map((item) => ('record' in item ? item : { record: item }));
}
