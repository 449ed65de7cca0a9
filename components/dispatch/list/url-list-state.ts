// A dispatch list's state lives in the page's query string, so a filtered page can be shared,
// reloaded and returned to with the back button. The list's audiences (list-params.ts) and the
// console's QA queue differ only in their filters and path.
// Used by the server page (prefetch) and the browser alike; no zod here (it would land in the
// page's first-load script).

export interface UrlListParams<Filters> {
  filters: Filters;
  /** The API cursor of the page shown; absent on the first page. */
  cursor?: string;
  /** Cursors of the earlier pages after the first, oldest first: what "Previous" goes back to. */
  prev: string[];
}

/** The day filters every list has: `created_from`/`created_to` are days (inclusive). */
interface DayFilters {
  created_from?: string;
  created_to?: string;
}

const PREV_SEPARATOR = '.'; // cursors are base64url, which never contains a dot
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a `YYYY-MM-DD` day plus `days`, as an ISO instant; other text goes through unchanged (the API reports it). */
function localMidnight(day: string, days: number): string {
  const match = DAY.exec(day);
  if (!match) return day;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).toISOString();
}

/** Reading, writing and querying one list's URL state; `names` is also the order written. */
export function urlListState<const Name extends string>(names: readonly Name[], path: string) {
  type Filters = Partial<Record<Name, string>>;
  type Params = UrlListParams<Filters>;
  return {
    read(get: (name: string) => string | null | undefined): Params {
      const filters: Filters = {};
      for (const name of names) {
        const value = get(name)?.trim();
        if (value) filters[name] = value;
      }
      const cursor = get('cursor') || undefined;
      const prev = cursor ? (get('prev') ?? '').split(PREV_SEPARATOR).filter(Boolean) : [];
      return { filters, cursor, prev };
    },

    hasFilters(filters: Filters): boolean {
      return names.some((name) => filters[name]);
    },

    /** The page's own URL for this state. */
    href(params: Params): string {
      const search = new URLSearchParams();
      for (const name of names) {
        const value = params.filters[name];
        if (value) search.set(name, value);
      }
      if (params.cursor) {
        search.set('cursor', params.cursor);
        if (params.prev.length) search.set('prev', params.prev.join(PREV_SEPARATOR));
      }
      const query = search.toString();
      return query ? `${path}?${query}` : path;
    },

    /**
     * The API's query for these filters: the days become the viewer's local day boundaries, and
     * the last day is included (the API's `created_to` is exclusive).
     */
    apiQuery(filters: Filters, page: { cursor?: string; limit?: number } = {}): URLSearchParams {
      const search = new URLSearchParams();
      for (const name of names) {
        const value = filters[name];
        if (!value) continue;
        if (name === 'created_from') search.set(name, localMidnight(value, 0));
        else if (name === 'created_to') search.set(name, localMidnight(value, 1));
        else search.set(name, value);
      }
      if (page.limit) search.set('limit', String(page.limit));
      if (page.cursor) search.set('cursor', page.cursor);
      return search;
    },
  };
}

/** The next page: the current cursor joins the stack. */
export function nextPage<Filters>(params: UrlListParams<Filters>, nextCursor: string): UrlListParams<Filters> {
  return { filters: params.filters, cursor: nextCursor, prev: params.cursor ? [...params.prev, params.cursor] : [] };
}

/** The previous page: the top of the stack, or the first page. */
export function previousPage<Filters>(params: UrlListParams<Filters>): UrlListParams<Filters> {
  return { filters: params.filters, cursor: params.prev.at(-1), prev: params.prev.slice(0, -1) };
}

/**
 * Whether the server can read this page for the viewer: day filters are the viewer's local
 * midnights, and only the browser knows its time zone.
 */
export function isServerReadable(filters: DayFilters): boolean {
  return !filters.created_from && !filters.created_to;
}
