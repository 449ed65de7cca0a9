// The console list's state lives in the page's query string (shareable, reloadable, back
// button), like the staff list's (components/dispatch-list/list-params.ts), with the console's
// filters: account, driver and fleet. No zod here: it is in the page's first-load script.

export const ADMIN_PAGE_SIZE = 50;

export const ADMIN_FILTER_NAMES = ['q', 'account_id', 'status', 'driver_id', 'fleet_id', 'vendor_bid', 'created_from', 'created_to'] as const;
export type AdminFilterName = (typeof ADMIN_FILTER_NAMES)[number];

/** The filters as written in the URL; `created_from`/`created_to` are days (inclusive). */
export type AdminFilters = Partial<Record<AdminFilterName, string>>;

export interface AdminListParams {
  filters: AdminFilters;
  cursor?: string;
  /** Cursors of the earlier pages after the first, oldest first. */
  prev: string[];
}

const PREV_SEPARATOR = '.'; // cursors are base64url, which never contains a dot
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const ADMIN_LIST_PATH = '/admin/dispatches';

export function readAdminListParams(get: (name: string) => string | null | undefined): AdminListParams {
  const filters: AdminFilters = {};
  for (const name of ADMIN_FILTER_NAMES) {
    const value = get(name)?.trim();
    if (value) filters[name] = value;
  }
  const cursor = get('cursor') || undefined;
  const prev = cursor ? (get('prev') ?? '').split(PREV_SEPARATOR).filter(Boolean) : [];
  return { filters, cursor, prev };
}

export function hasAdminFilters(filters: AdminFilters): boolean {
  return ADMIN_FILTER_NAMES.some((name) => filters[name]);
}

export function adminListHref(params: AdminListParams): string {
  const search = new URLSearchParams();
  for (const name of ADMIN_FILTER_NAMES) {
    const value = params.filters[name];
    if (value) search.set(name, value);
  }
  if (params.cursor) {
    search.set('cursor', params.cursor);
    if (params.prev.length) search.set('prev', params.prev.join(PREV_SEPARATOR));
  }
  const query = search.toString();
  return query ? `${ADMIN_LIST_PATH}?${query}` : ADMIN_LIST_PATH;
}

export function nextAdminPage(params: AdminListParams, nextCursor: string): AdminListParams {
  return { filters: params.filters, cursor: nextCursor, prev: params.cursor ? [...params.prev, params.cursor] : [] };
}

export function previousAdminPage(params: AdminListParams): AdminListParams {
  return { filters: params.filters, cursor: params.prev.at(-1), prev: params.prev.slice(0, -1) };
}

/** Day filters are the viewer's local midnights: only the browser can read such a page. */
export function isAdminServerReadable(filters: AdminFilters): boolean {
  return !filters.created_from && !filters.created_to;
}

function localMidnight(day: string, days: number): string {
  const match = DAY.exec(day);
  if (!match) return day;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).toISOString();
}

/** The API's query: days become the viewer's local day boundaries, the last day included. */
export function adminApiQuery(filters: AdminFilters, page: { cursor?: string; limit?: number } = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of ADMIN_FILTER_NAMES) {
    const value = filters[name];
    if (!value) continue;
    if (name === 'created_from') search.set(name, localMidnight(value, 0));
    else if (name === 'created_to') search.set(name, localMidnight(value, 1));
    else search.set(name, value);
  }
  if (page.limit) search.set('limit', String(page.limit));
  if (page.cursor) search.set('cursor', page.cursor);
  return search;
}
