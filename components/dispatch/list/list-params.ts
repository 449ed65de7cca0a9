// The dispatch list's URL state (see url-list-state.ts) for each audience: its filters, its path
// and its page size. Admins also filter by account, driver and fleet.
import { AUDIENCE_PATHS, type Audience } from '@/components/dispatch/list/audience';
import { urlListState, type UrlListParams } from '@/components/dispatch/list/url-list-state';

export { isServerReadable, nextPage, previousPage } from '@/components/dispatch/list/url-list-state';

export const PAGE_SIZE: Readonly<Record<Audience, number>> = { staff: 25, admin: 50 };

/** Every filter of either audience, in the order the URL writes them. */
const ALL_FILTERS = ['q', 'account_id', 'status', 'driver_id', 'fleet_id', 'vendor_bid', 'created_from', 'created_to'] as const;
export type FilterName = (typeof ALL_FILTERS)[number];

export const FILTER_NAMES: Readonly<Record<Audience, readonly FilterName[]>> = {
  staff: ['q', 'status', 'vendor_bid', 'created_from', 'created_to'],
  admin: ALL_FILTERS,
};

/** The filters as written in the page's URL; `created_from`/`created_to` are days (inclusive). */
export type ListFilters = Partial<Record<FilterName, string>>;

export type ListParams = UrlListParams<ListFilters>;

/**
 * Reading, writing and querying one audience's list URL: `read`, `hasFilters`, `href` (the page's
 * own URL) and `apiQuery` (the days become the viewer's local day boundaries, the last day included).
 */
export const LIST_URLS = {
  staff: urlListState<FilterName>(FILTER_NAMES.staff, AUDIENCE_PATHS.staff.listPath),
  admin: urlListState<FilterName>(FILTER_NAMES.admin, AUDIENCE_PATHS.admin.listPath),
} as const;
