import { DispatchList } from '@/components/dispatch/list/dispatch-list';
import { LIST_URLS } from '@/components/dispatch/list/list-params';
import { listCommonText, searchParamReader } from '@/components/dispatch/list/list-page-input';
import { prefetchListPage } from '@/components/dispatch/list/prefetch-list-page';
import { statusLabelsOf } from '@/components/dispatch/detail/status-labels';
import { listAccounts } from '@/lib/accounts/server/list-accounts';
import { listFleets } from '@/lib/fleet/server/fleets/list-fleets';
import { requireAdmin } from '@/lib/platform/server/auth/current-user';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { adminListArgs, AdminDispatchListQuerySchema } from '@/lib/dispatch/server/console-schemas';
import { listDispatchesJson } from '@/lib/dispatch/server/list-dispatches';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { adminDispatchMessages } from '@/components/platform/i18n/messages/admin-dispatches';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { dispatchListMessages } from '@/components/platform/i18n/messages/dispatch-list';
import { prefetchedPage, titleFrom } from '@/components/platform/shell/server-page';

type SearchParams = Record<string, string | string[] | undefined>;

/** Accounts and fleets offered in their filters (the newest; an older one can still be given in the URL). */
const ACCOUNT_OPTIONS = 200;
const FLEET_OPTIONS = 200;

export const generateMetadata = titleFrom(adminDispatchMessages, 'title');

// Every account's dispatches: the one dispatch list (components/dispatch/list) for admins, its
// first page read here (prefetch-list-page.ts).
export default async function AdminDispatchesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [, locale, query] = await Promise.all([requireAdmin(), getLocale(), searchParams]);
  const params = LIST_URLS.admin.read(searchParamReader(query));
  const common = messagesFor(commonMessages, locale);
  return prefetchedPage(
    async (queryClient) => {
      const prefetch = prefetchListPage({
        queryClient,
        audience: 'admin',
        params,
        schema: AdminDispatchListQuerySchema,
        read: ({ limit, cursor, ...filters }) => listDispatchesJson({ ...adminListArgs(platformScope(), filters), limit, cursor, withRelated: true }),
      });
      const [accounts, fleets] = await Promise.all([
        listAccounts({ query: { limit: ACCOUNT_OPTIONS } }),
        listFleets({ query: { limit: FLEET_OPTIONS } }),
        prefetch,
      ]);
      return { accounts, fleets };
    },
    ({ accounts, fleets }) => (
      <DispatchList
        audience="admin"
        t={messagesFor(dispatchListMessages, locale)}
        adminT={messagesFor(adminDispatchMessages, locale)}
        common={listCommonText(common)}
        statusLabels={statusLabelsOf(common)}
        locale={locale}
        accounts={accounts.data.map((account) => ({ id: account.id, name: account.name }))}
        fleets={fleets.data.map((fleet) => ({ id: fleet.id, name: fleet.name }))}
      />
    ),
  );
}
