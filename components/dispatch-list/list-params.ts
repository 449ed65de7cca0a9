// The staff list's URL state (see url-list-state.ts): its filters and its path.
import { urlListState, type UrlListParams } from '@/components/dispatch-list/url-list-state';

export { isServerReadable, nextPage, previousPage } from '@/components/dispatch-list/url-list-state';

export const PAGE_SIZE = 25;

export const FILTER_NAMES = ['q', 'status', 'vendor_bid', 'created_from', 'created_to'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** The filters as written in the page's URL; `created_from`/`created_to` are days (inclusive). */
export type ListFilters = Partial<Record<FilterName, string>>;

export type ListParams = UrlListParams<ListFilters>;

const state = urlListState(FILTER_NAMES, '/dispatches');

export const readListParams = state.read;
export const hasFilters = state.hasFilters;
/** The page's own URL for this state. */
export const listHref = state.href;
/** The API's query: the days become the viewer's local day boundaries, the last day included. */
export const apiQuery = state.apiQuery;
