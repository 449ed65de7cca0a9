import { DispatchList } from '@/components/dispatch/list/dispatch-list';
import { listPageText, prefetchListPage, type SearchParams } from '@/components/dispatch/list/prefetch-list-page';
import { listBranches } from '@/lib/accounts/server/branches/list-branches';
import { requireStaff } from '@/lib/platform/server/auth/current-user';
import { accountScope } from '@/lib/platform/server/tenancy/scope';
import { listDispatchesJson } from '@/lib/dispatch/server/list-dispatches';
import { StaffDispatchListQuerySchema } from '@/lib/dispatch/server/list-query-schemas';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { dispatchListMessages } from '@/components/platform/i18n/messages/dispatch-list';
import { prefetchedPage, titleFrom } from '@/components/platform/shell/server-page';

export const generateMetadata = titleFrom(dispatchListMessages, 'title');

// The account's dispatches: the one dispatch list (components/dispatch/list) for staff, its first
// page read here (prefetch-list-page.ts).
export default async function DispatchesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [user, locale, query] = await Promise.all([requireStaff(), getLocale(), searchParams]);
  return prefetchedPage(
    async (queryClient) => {
      const prefetch = prefetchListPage({
        queryClient,
        audience: 'staff',
        query,
        schema: StaffDispatchListQuerySchema,
        read: ({ limit, cursor, ...filters }) => listDispatchesJson({ scope: accountScope(user.accountId), filters, limit, cursor, withRelated: true }),
      });
      const [branches] = await Promise.all([listBranches({ accountId: user.accountId }), prefetch]);
      return branches;
    },
    (branches) => (
      <DispatchList
        audience="staff"
        {...listPageText(locale)}
        branches={branches.map((branch) => ({ vendor_bid: branch.vendor_bid, name: branch.name }))}
      />
    ),
  );
}
