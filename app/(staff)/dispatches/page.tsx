import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { DispatchList } from '@/components/dispatch-list/dispatch-list';
import { isServerReadable, PAGE_SIZE, readListParams } from '@/components/dispatch-list/list-params';
import { listCommonText, searchParamReader } from '@/components/dispatch-list/list-page-input';
import { dispatchListKeys, listKey, type DispatchPage } from '@/components/dispatch-list/queries';
import { listBranches } from '@/lib/branches/list-branches';
import { requireStaff } from '@/lib/auth/current-user';
import { LIFECYCLE_STATUSES, type LifecycleStatus } from '@/lib/dispatches/lifecycle-statuses';
import { listDispatchesJson } from '@/lib/dispatches/list-dispatches';
import { StaffDispatchListQuerySchema } from '@/lib/dispatches/schemas';
import { getLocale } from '@/lib/i18n/get-locale';
import { messagesFor } from '@/lib/i18n/messages';
import { commonMessages } from '@/lib/i18n/messages/common';
import { dispatchListMessages } from '@/lib/i18n/messages/dispatch-list';
import { getQueryClient } from '@/lib/query/get-query-client';

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  return { title: messagesFor(dispatchListMessages, await getLocale()).title };
}

// The account's dispatches. The page of the URL is read here, through the same domain function
// as the API, and handed to the browser's query cache: the table is in the HTML, and the
// browser only fetches again when something changes.
export default async function DispatchesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [user, locale, query] = await Promise.all([requireStaff(), getLocale(), searchParams]);
  const params = readListParams(searchParamReader(query));
  const queryClient = getQueryClient();
  const prefetch = async () => {
    if (!isServerReadable(params.filters)) return;
    // Unusable filters are left to the browser, whose request shows the API's 400 as an error state.
    const parsed = StaffDispatchListQuerySchema.safeParse({ ...params.filters, cursor: params.cursor, limit: PAGE_SIZE });
    if (!parsed.success) return;
    const { limit, cursor, ...filters } = parsed.data;
    await queryClient.prefetchQuery({
      queryKey: dispatchListKeys.list(listKey(params.filters, params.cursor)),
      queryFn: async () => JSON.parse(await listDispatchesJson({ accountId: user.accountId, filters, limit, cursor })) as DispatchPage,
    });
  };
  const [branches] = await Promise.all([listBranches({ accountId: user.accountId }), prefetch()]);

  const t = messagesFor(dispatchListMessages, locale);
  const common = messagesFor(commonMessages, locale);
  const statusLabels = Object.fromEntries(LIFECYCLE_STATUSES.map((status) => [status, common[`status_${status}`]])) as Record<
    LifecycleStatus,
    string
  >;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <DispatchList
        t={t}
        common={listCommonText(common)}
        statusLabels={statusLabels}
        locale={locale}
        branches={branches.map((branch) => ({ vendor_bid: branch.vendor_bid, name: branch.name }))}
      />
    </HydrationBoundary>
  );
}
