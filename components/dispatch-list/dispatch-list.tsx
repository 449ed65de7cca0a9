'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { DispatchFilters, type BranchOption } from '@/components/dispatch-list/dispatch-filters';
import { DispatchTable } from '@/components/dispatch-list/dispatch-table';
import type { ListCommonText } from '@/components/dispatch-list/list-page-input';
import { ListEmpty, ListHeader, ListLoadError, ListPager } from '@/components/dispatch-list/list-parts';
import {
  apiQuery,
  hasFilters,
  isServerReadable,
  listHref,
  readListParams,
} from '@/components/dispatch-list/list-params';
import { dispatchListKeys, fetchDispatchPage, listKey } from '@/components/dispatch-list/queries';
import { useListNavigation } from '@/components/dispatch-list/use-list-navigation';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { useLiveListRefresh } from '@/components/dispatch-list/use-live-list-refresh';
import type { LifecycleStatus } from '@/lib/dispatches/lifecycle-statuses';
import type { Locale } from '@/lib/i18n/locale';
import type { DispatchListText } from '@/lib/i18n/messages/dispatch-list';

/** The Dispatches page's body: header, filters, table (or its loading, empty, error states), pager. */
export function DispatchList({
  t,
  common,
  statusLabels,
  locale,
  branches,
}: {
  t: DispatchListText;
  common: ListCommonText;
  statusLabels: Record<LifecycleStatus, string>;
  locale: Locale;
  branches: BranchOption[];
}) {
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
  const { show, setFilter, clearFilters, isNavigating, filterGeneration } = useListNavigation(params, listHref);

  const isFiltered = hasFilters(filters);
  const records = list.data?.data ?? null;
  // Day filters become the viewer's local midnights: only known in the browser.
  const exportHref = isServerReadable(filters) || isHydrated ? `/api/staff/dispatches/export?${apiQuery(filters)}` : undefined;

  return (
    <>
      <ListHeader t={t} isLive={isLive} exportHref={exportHref} />

      <DispatchFilters
        key={filterGeneration}
        t={t}
        filters={filters}
        statusLabels={statusLabels}
        branches={branches}
        onChange={setFilter}
        onClear={isFiltered ? clearFilters : null}
      />

      {list.isError && <ListLoadError t={t} common={common} error={list.error} onRetry={() => void list.refetch()} onClear={isFiltered ? clearFilters : null} />}

      {records?.length === 0 ? (
        <ListEmpty
          t={t}
          isLaterPage={Boolean(params.cursor)}
          isFiltered={isFiltered}
          onFirstPage={() => show({ filters, prev: [] }, 'push')}
          onClear={clearFilters}
          emptyAction={
            <Link href="/dispatches/new" className="btn btn--primary">
              {t.newDispatch}
            </Link>
          }
        />
      ) : (
        !(list.isError && !records) && (
          <DispatchTable t={t} statusLabels={statusLabels} locale={locale} records={records} isStale={list.isPlaceholderData || isNavigating} />
        )
      )}

      <ListPager
        t={t}
        common={common}
        params={params}
        nextCursor={list.data?.next_cursor ?? null}
        isBusy={isNavigating}
        isStale={list.isPlaceholderData}
        onShow={(page) => show(page, 'push')}
      />
    </>
  );
}
