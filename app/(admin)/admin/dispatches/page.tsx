import { DispatchList } from '@/components/dispatch/list/dispatch-list';
import { listPageText, prefetchListPage, type SearchParams } from '@/components/dispatch/list/prefetch-list-page';
import { listAccounts } from '@/lib/accounts/server/list-accounts';
import { listFleets } from '@/lib/fleet/server/fleets/list-fleets';
import { requireAdmin } from '@/lib/platform/server/auth/current-user';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { adminListArgs, AdminDispatchListQuerySchema } from '@/lib/dispatch/server/console-schemas';
import { listDispatchesJson } from '@/lib/dispatch/server/list-dispatches';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { adminDispatchMessages } from '@/components/platform/i18n/messages/admin-dispatches';
import { prefetchedPage, titleFrom } from '@/components/platform/shell/server-page';

/** Accounts and fleets offered in their filters (the newest; an older one can still be given in the URL). */
const ACCOUNT_OPTIONS = 200;
const FLEET_OPTIONS = 200;

export const generateMetadata = titleFrom(adminDispatchMessages, 'title');

// Every account's dispatches: the one dispatch list (components/dispatch/list) for admins, its
// first page read here (prefetch-list-page.ts).
export default async function AdminDispatchesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [, locale, query] = await Promise.all([requireAdmin(), getLocale(), searchParams]);
  return prefetchedPage(
    async (queryClient) => {
      const prefetch = prefetchListPage({
        queryClient,
        audience: 'admin',
        query,
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
        {...listPageText(locale)}
        adminT={messagesFor(adminDispatchMessages, locale)}
        accounts={accounts.data.map((account) => ({ id: account.id, name: account.name }))}
        fleets={fleets.data.map((fleet) => ({ id: fleet.id, name: fleet.name }))}
      />
    ),
  );
}
