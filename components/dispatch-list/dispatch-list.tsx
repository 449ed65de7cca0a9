'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { DispatchFilters, type BranchOption } from '@/components/dispatch-list/dispatch-filters';
import { DispatchTable } from '@/components/dispatch-list/dispatch-table';
import styles from '@/components/dispatch-list/dispatch-list.module.css';
import {
  apiQuery,
  hasFilters,
  isServerReadable,
  listHref,
  nextPage,
  previousPage,
  readListParams,
  type FilterName,
  type ListParams,
} from '@/components/dispatch-list/list-params';
import { dispatchListKeys, fetchDispatchPage, listKey } from '@/components/dispatch-list/queries';
import { PageHeader } from '@/components/ui/page-header';
import { errorText, type QueryErrorText } from '@/components/ui/query-error';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { useLiveListRefresh } from '@/components/dispatch-list/use-live-list-refresh';
import type { LifecycleStatus } from '@/lib/dispatches/lifecycle-statuses';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { DispatchListText } from '@/lib/i18n/messages/dispatch-list';

export type DispatchListCommonText = QueryErrorText & Pick<CommonText, 'previousPage' | 'nextPage'>;

/** The Dispatches page's body: header, filters, table (or its loading, empty, error states), pager. */
export function DispatchList({
  t,
  common,
  statusLabels,
  locale,
  branches,
}: {
  t: DispatchListText;
  common: DispatchListCommonText;
  statusLabels: Record<LifecycleStatus, string>;
  locale: Locale;
  branches: BranchOption[];
}) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const params = readListParams((name) => searchParams.get(name));
  const { filters } = params;
  const key = listKey(filters, params.cursor);
  const list = useQuery({
    queryKey: dispatchListKeys.list(key),
    queryFn: ({ signal }) => fetchDispatchPage(key, signal),
    // A page the server did not read (day filters) keeps the previous rows on screen, dimmed, until it arrives.
    placeholderData: keepPreviousData,
  });
  const isLive = useLiveListRefresh();
  const isHydrated = useIsHydrated();
  // A new generation of the filter inputs after "Clear filters" drops any half-typed search.
  const [filterGeneration, setFilterGeneration] = useState(0);

  const isFiltered = hasFilters(filters);
  // The server reads the page of the new URL (same prefetch as a full load), so the URL changes
  // when that page arrives; meanwhile the rows stay, dimmed. A second change in that time builds
  // on the first (`pending`), not on the URL still shown.
  const [isNavigating, startNavigation] = useTransition();
  const pending = useRef<ListParams | null>(null);
  useEffect(() => {
    if (pending.current && listHref(pending.current) === listHref(params)) pending.current = null;
  });
  // Filters replace the history entry (typing is not a trail of pages); paging pushes one.
  const show = (next: ListParams, mode: 'push' | 'replace') => {
    pending.current = next;
    startNavigation(() => {
      if (mode === 'push') router.push(listHref(next));
      else router.replace(listHref(next), { scroll: false });
    });
  };
  const setFilter = (name: FilterName, value: string) => {
    const base = pending.current ?? params;
    if ((base.filters[name] ?? '') === value) return;
    show({ filters: { ...base.filters, [name]: value || undefined }, prev: [] }, 'replace');
  };
  const clearFilters = () => {
    setFilterGeneration((generation) => generation + 1);
    show({ filters: {}, prev: [] }, 'replace');
  };

  const records = list.data?.data ?? null;
  const nextCursor = list.data?.next_cursor ?? null;
  const pageNumber = params.cursor ? params.prev.length + 2 : 1;
  // Day filters become the viewer's local midnights: only known in the browser.
  const exportHref = isServerReadable(filters) || isHydrated ? `/api/staff/dispatches/export?${apiQuery(filters)}` : undefined;

  return (
    <>
      <PageHeader title={t.title} intro={t.intro} className={styles.header}>
        <div className={styles.headerEnd}>
          <span className={`badge ${isLive ? 'badge--success' : ''} ${styles.live}`} data-live={isLive} data-testid="live-indicator">
            <span className={styles.liveDot} aria-hidden="true" />
            {isLive ? t.live : t.connecting}
          </span>
          <a className="btn" href={exportHref} download data-testid="export-csv">
            {t.exportCsv}
          </a>
        </div>
      </PageHeader>

      <DispatchFilters
        key={filterGeneration}
        t={t}
        filters={filters}
        statusLabels={statusLabels}
        branches={branches}
        onChange={setFilter}
        onClear={isFiltered ? clearFilters : null}
      />

      {list.isError && (
        <div role="alert" className={`alert alert--error ${styles.error}`} data-testid="list-error">
          <span>
            {t.loadFailed} {errorText(list.error, common)}
          </span>
          <span className="row">
            {isFiltered && (
              <button type="button" className="btn btn--small" onClick={clearFilters}>
                {t.clearFilters}
              </button>
            )}
            <button type="button" className="btn btn--small" onClick={() => void list.refetch()}>
              {common.retry}
            </button>
          </span>
        </div>
      )}

      {records?.length === 0 ? (
        <div className={`card empty-state ${styles.empty}`} data-testid="list-empty">
          {params.cursor ? (
            <>
              <h2>{t.emptyPageTitle}</h2>
              <button type="button" className="btn" onClick={() => show({ filters, prev: [] }, 'push')}>
                {t.firstPage}
              </button>
            </>
          ) : isFiltered ? (
            <>
              <h2>{t.noMatchTitle}</h2>
              <p>{t.noMatchBody}</p>
              <button type="button" className="btn" onClick={clearFilters}>
                {t.clearFilters}
              </button>
            </>
          ) : (
            <>
              <h2>{t.emptyTitle}</h2>
              <p>{t.emptyBody}</p>
              <Link href="/dispatches/new" className="btn btn--primary">
                {t.newDispatch}
              </Link>
            </>
          )}
        </div>
      ) : (
        !(list.isError && !records) && (
          <DispatchTable t={t} statusLabels={statusLabels} locale={locale} records={records} isStale={list.isPlaceholderData || isNavigating} />
        )
      )}

      {(params.cursor || nextCursor) && (
        <nav aria-label={t.pagination} className={styles.pager}>
          <button type="button" className="btn" disabled={!params.cursor || isNavigating} onClick={() => show(previousPage(params), 'push')}>
            {common.previousPage}
          </button>
          <span className="muted" data-testid="page-number">
            {format(t.page, { n: pageNumber })}
          </span>
          <button
            type="button"
            className="btn"
            disabled={!nextCursor || list.isPlaceholderData || isNavigating}
            onClick={() => nextCursor && show(nextPage(params, nextCursor), 'push')}
          >
            {common.nextPage}
          </button>
        </nav>
      )}
    </>
  );
}
