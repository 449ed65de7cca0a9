import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { AdminDispatchList } from '@/components/admin-dispatches/admin-dispatch-list';
import { ADMIN_PAGE_SIZE, isAdminServerReadable, readAdminListParams } from '@/components/admin-dispatches/list-params';
import { listCommonText, searchParamReader } from '@/components/dispatch-list/list-page-input';
import { adminDispatchKeys, adminListKey, type AdminDispatchPage } from '@/components/admin-dispatches/queries';
import { statusLabelsOf } from '@/components/admin-dispatches/status-labels';
import { listAccounts } from '@/lib/accounts/list-accounts';
import { listFleets } from '@/lib/fleets/list-fleets';
import { requireAdmin } from '@/lib/auth/current-user';
import { adminListArgs, AdminDispatchListQuerySchema } from '@/lib/dispatches/console-schemas';
import { listDispatchesJson } from '@/lib/dispatches/list-dispatches';
import { getLocale } from '@/lib/i18n/get-locale';
import { messagesFor } from '@/lib/i18n/messages';
import { adminDispatchMessages } from '@/lib/i18n/messages/admin-dispatches';
import { commonMessages } from '@/lib/i18n/messages/common';
import { getQueryClient } from '@/lib/query/get-query-client';

type SearchParams = Record<string, string | string[] | undefined>;

/** Accounts and fleets offered in their filters (the newest; an older one can still be given in the URL). */
const ACCOUNT_OPTIONS = 200;
const FLEET_OPTIONS = 200;

export async function generateMetadata(): Promise<Metadata> {
  return { title: messagesFor(adminDispatchMessages, await getLocale()).title };
}

// Every account's dispatches. The page of the URL is read here through the same domain function
// as the API and handed to the browser's query cache, as on the staff list.
export default async function AdminDispatchesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [, locale, query] = await Promise.all([requireAdmin(), getLocale(), searchParams]);
  const params = readAdminListParams(searchParamReader(query));
  const queryClient = getQueryClient();
  const prefetch = async () => {
    if (!isAdminServerReadable(params.filters)) return;
    const parsed = AdminDispatchListQuerySchema.safeParse({ ...params.filters, cursor: params.cursor, limit: ADMIN_PAGE_SIZE });
    if (!parsed.success) return;
    const { limit, cursor, ...filters } = parsed.data;
    await queryClient.prefetchQuery({
      queryKey: adminDispatchKeys.list(adminListKey(params.filters, params.cursor)),
      queryFn: async () => JSON.parse(await listDispatchesJson({ ...adminListArgs(filters), limit, cursor, withRelated: true })) as AdminDispatchPage,
    });
  };
  const [accounts, fleets] = await Promise.all([
    listAccounts({ query: { limit: ACCOUNT_OPTIONS } }),
    listFleets({ query: { limit: FLEET_OPTIONS } }),
    prefetch(),
  ]);
  const common = messagesFor(commonMessages, locale);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AdminDispatchList
        t={messagesFor(adminDispatchMessages, locale)}
        common={listCommonText(common)}
        statusLabels={statusLabelsOf(common)}
        locale={locale}
        accounts={accounts.data.map((account) => ({ id: account.id, name: account.name }))}
        fleets={fleets.data.map((fleet) => ({ id: fleet.id, name: fleet.name }))}
      />
    </HydrationBoundary>
  );
}
