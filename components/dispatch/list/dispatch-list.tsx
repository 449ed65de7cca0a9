'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import type { StatusLabels } from '@/components/dispatch/detail/status-labels';
import { AUDIENCE_PATHS } from '@/components/dispatch/list/audience';
import { DispatchFilters, type FilterAudience } from '@/components/dispatch/list/dispatch-filters';
import { DispatchTable } from '@/components/dispatch/list/dispatch-table';
import type { ListCommonText } from '@/components/dispatch/list/list-page-input';
import { ListEmpty, ListHeader, ListLoadError, ListPager } from '@/components/dispatch/list/list-parts';
import { isServerReadable, LIST_URLS } from '@/components/dispatch/list/list-params';
import { dispatchListKeys, fetchListPage, listKey, rowsOf } from '@/components/dispatch/list/queries';
import { useListNavigation } from '@/components/dispatch/list/use-list-navigation';
import { useLiveListRefresh } from '@/components/dispatch/list/use-live-list-refresh';
import { useRowSelection } from '@/components/dispatch/list/use-row-selection';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import type { Locale } from '@/components/platform/i18n/locale';
import type { DispatchListText } from '@/components/platform/i18n/messages/dispatch-list';

// The console's bulk actions load only where they are shown: the staff list's first-load script goes without them.
const BulkActions = dynamic(() => import('@/components/dispatch/admin/bulk-actions').then((module) => module.BulkActions));

/**
 * The dispatch list of either audience (FilterAudience): staff see their account's dispatches,
 * filter by branch and can create one; admins see every account's, filter by account, driver
 * and fleet too, see each row's account and driver, and tick rows for bulk actions.
 */
export type DispatchListProps = FilterAudience & {
  t: DispatchListText;
  common: ListCommonText;
  statusLabels: StatusLabels;
  locale: Locale;
};

/** The Dispatches page's body: header, filters, (bulk actions,) table (or its loading, empty, error states), pager. */
export function DispatchList(props: DispatchListProps) {
  const { audience, common, statusLabels, locale } = props;
  const admin = props.audience === 'admin' ? props : null;
  // The console's page names itself; the rest of the words are the list's.
  const t: DispatchListText = admin
    ? { ...props.t, title: admin.adminT.title, intro: admin.adminT.intro, caption: admin.adminT.caption, emptyBody: admin.adminT.emptyBody }
    : props.t;
  const url = LIST_URLS[audience];
  const searchParams = useSearchParams();
  const params = url.read((name) => searchParams.get(name));
  const { filters } = params;
  const key = listKey(filters, params.cursor);
  const list = useQuery({
    queryKey: dispatchListKeys.list(audience, key),
    queryFn: ({ signal }) => fetchListPage(audience, key, signal),
    select: (page) => ({ rows: rowsOf(page), nextCursor: page.next_cursor }),
    // A page the server did not read (day filters) keeps the previous rows on screen, dimmed, until it arrives.
    placeholderData: keepPreviousData,
  });
  const isLive = useLiveListRefresh(dispatchListKeys.lists(audience), AUDIENCE_PATHS[audience].eventsPath);
  const isHydrated = useIsHydrated();
  const { show, setFilter, clearFilters, isNavigating, filterGeneration } = useListNavigation(params, url.href);
  const selection = useRowSelection();

  const isFiltered = url.hasFilters(filters);
  const rows = list.data?.rows ?? null;
  // Day filters become the viewer's local midnights: only known in the browser.
  const exportHref = isServerReadable(filters) || isHydrated ? `${AUDIENCE_PATHS[audience].apiPath}/export?${url.apiQuery(filters)}` : undefined;

  return (
    <>
      <ListHeader t={t} isLive={isLive} exportHref={exportHref} />

      <DispatchFilters
        key={filterGeneration}
        filterAudience={props}
        t={t}
        filters={filters}
        statusLabels={statusLabels}
        locale={locale}
        onChange={setFilter}
        onClear={isFiltered ? clearFilters : null}
      />

      {admin ? <BulkActions t={admin.adminT} common={common} statusLabels={statusLabels} filters={filters} selection={selection} /> : null}

      {list.isError && <ListLoadError t={t} common={common} error={list.error} onRetry={() => void list.refetch()} onClear={isFiltered ? clearFilters : null} />}

      {rows?.length === 0 ? (
        <ListEmpty
          t={t}
          isLaterPage={Boolean(params.cursor)}
          isFiltered={isFiltered}
          onFirstPage={() => show({ filters, prev: [] }, 'push')}
          onClear={clearFilters}
          emptyAction={
            admin ? null : (
              <Link href="/dispatches/new" className="btn btn--primary">
                {t.newDispatch}
              </Link>
            )
          }
        />
      ) : (
        !(list.isError && !rows) && (
          <DispatchTable
            table={admin ? { audience: 'admin', adminT: admin.adminT, selection } : { audience: 'staff', common }}
            t={t}
            attentionText={common}
            statusLabels={statusLabels}
            locale={locale}
            rows={rows}
            isStale={list.isPlaceholderData || isNavigating}
          />
        )
      )}

      <ListPager
        t={t}
        common={common}
        params={params}
        nextCursor={list.data?.nextCursor ?? null}
        isBusy={isNavigating}
        isStale={list.isPlaceholderData}
        onShow={(page) => show(page, 'push')}
      />
    </>
  );
}
