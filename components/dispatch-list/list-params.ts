// The list's state lives in the page's query string, so a filtered page can be shared, reloaded
// and returned to with the back button. Used by the server page (prefetch) and the browser alike;
// no zod here (it would land in the page's first-load script).

export const PAGE_SIZE = 25;

export const FILTER_NAMES = ['q', 'status', 'vendor_bid', 'created_from', 'created_to'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** The filters as written in the page's URL; `created_from`/`created_to` are days (inclusive). */
export type ListFilters = Partial<Record<FilterName, string>>;

export interface ListParams {
  filters: ListFilters;
  /** The API cursor of the page shown; absent on the first page. */
  cursor?: string;
  /** Cursors of the earlier pages after the first, oldest first: what "Previous" goes back to. */
  prev: string[];
}

const PREV_SEPARATOR = '.'; // cursors are base64url, which never contains a dot
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function readListParams(get: (name: string) => string | null | undefined): ListParams {
  const filters: ListFilters = {};
  for (const name of FILTER_NAMES) {
    const value = get(name)?.trim();
    if (value) filters[name] = value;
  }
  const cursor = get('cursor') || undefined;
  const prev = cursor ? (get('prev') ?? '').split(PREV_SEPARATOR).filter(Boolean) : [];
  return { filters, cursor, prev };
}

export function hasFilters(filters: ListFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name]);
}

/** The page's own URL for this state. */
export function listHref(params: ListParams): string {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = params.filters[name];
    if (value) search.set(name, value);
  }
  if (params.cursor) {
    search.set('cursor', params.cursor);
    if (params.prev.length) search.set('prev', params.prev.join(PREV_SEPARATOR));
  }
  const query = search.toString();
  return query ? `/dispatches?${query}` : '/dispatches';
}

/** The next page: the current cursor joins the stack. */
export function nextPage(params: ListParams, nextCursor: string): ListParams {
  return { filters: params.filters, cursor: nextCursor, prev: params.cursor ? [...params.prev, params.cursor] : [] };
}

/** The previous page: the top of the stack, or the first page. */
export function previousPage(params: ListParams): ListParams {
  return { filters: params.filters, cursor: params.prev.at(-1), prev: params.prev.slice(0, -1) };
}

/**
 * Whether the server can read this page for the viewer: day filters are the viewer's local
 * midnights, and only the browser knows its time zone.
 */
export function isServerReadable(filters: ListFilters): boolean {
  return !filters.created_from && !filters.created_to;
}

/** Local midnight of a `YYYY-MM-DD` day plus `days`, as an ISO instant; other text goes through unchanged (the API reports it). */
function localMidnight(day: string, days: number): string {
  const match = DAY.exec(day);
  if (!match) return day;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).toISOString();
}

/**
 * The API's query for these filters: the days become the viewer's local day boundaries, and the
 * last day is included (the API's `created_to` is exclusive).
 */
export function apiQuery(filters: ListFilters, page: { cursor?: string; limit?: number } = {}): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.status) search.set('status', filters.status);
  if (filters.vendor_bid) search.set('vendor_bid', filters.vendor_bid);
  if (filters.created_from) search.set('created_from', localMidnight(filters.created_from, 0));
  if (filters.created_to) search.set('created_to', localMidnight(filters.created_to, 1));
  if (page.limit) search.set('limit', String(page.limit));
  if (page.cursor) search.set('cursor', page.cursor);
  return search;
}
