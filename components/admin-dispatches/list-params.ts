// The console list's URL state (components/dispatch-list/url-list-state.ts, like the staff
// list's) with the console's filters: account, driver and fleet.
import { isServerReadable, nextPage, previousPage, urlListState, type UrlListParams } from '@/components/dispatch-list/url-list-state';

export const ADMIN_PAGE_SIZE = 50;

export const ADMIN_FILTER_NAMES = ['q', 'account_id', 'status', 'driver_id', 'fleet_id', 'vendor_bid', 'created_from', 'created_to'] as const;
export type AdminFilterName = (typeof ADMIN_FILTER_NAMES)[number];

/** The filters as written in the URL; `created_from`/`created_to` are days (inclusive). */
export type AdminFilters = Partial<Record<AdminFilterName, string>>;

export type AdminListParams = UrlListParams<AdminFilters>;

export const ADMIN_LIST_PATH = '/admin/dispatches';

const state = urlListState(ADMIN_FILTER_NAMES, ADMIN_LIST_PATH);

export const readAdminListParams = state.read;
export const hasAdminFilters = state.hasFilters;
export const adminListHref = state.href;
export const adminApiQuery = state.apiQuery;
export const nextAdminPage: (params: AdminListParams, nextCursor: string) => AdminListParams = nextPage;
export const previousAdminPage: (params: AdminListParams) => AdminListParams = previousPage;
export const isAdminServerReadable: (filters: AdminFilters) => boolean = isServerReadable;
