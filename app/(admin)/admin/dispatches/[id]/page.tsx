import { auditQuery } from '@/components/dispatch/admin/queries';
import { DispatchDetail } from '@/components/dispatch/detail/dispatch-detail';
import { dispatchDetailProps, dispatchPage } from '@/components/dispatch/detail/dispatch-page';
import { DELIVERIES_PAGE_SIZE, seedDispatchDetail } from '@/components/dispatch/detail/queries';
import { getDispatchAccount } from '@/lib/accounts/server/get-dispatch-account';
import { requireAdmin } from '@/lib/platform/server/auth/current-user';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { getDispatchEta } from '@/lib/dispatch/server/get-dispatch-eta';
import { listDispatchAudit } from '@/lib/dispatch/server/list-dispatch-audit';
import { getAssignedDriver } from '@/lib/fleet/server/drivers/get-assigned-driver';
import { messagesFor } from '@/components/platform/i18n/messages';
import { adminDispatchMessages } from '@/components/platform/i18n/messages/admin-dispatches';
import { prefetchedPage, type RecordPageProps } from '@/components/platform/shell/server-page';
import { listDispatchDeliveries } from '@/lib/webhooks/server/list-dispatch-deliveries';

/** Any account's dispatch (the read behind GET /api/admin/dispatches/{id}). */
const page = dispatchPage(() => requireAdmin(), () => platformScope());

export const generateMetadata = page.generateMetadata;

// The one dispatch page for admins: any account's dispatch, with the account, the admin's actions
// and the audit trail. Everything the browser would fetch first is read here and handed over in the cache.
export default async function AdminDispatchPage({ params }: RecordPageProps) {
  const { id, locale, record: dispatch } = await page.load(params);

  return prefetchedPage(
    async (queryClient) => {
      const [deliveries, driver, eta, audit, account] = await Promise.all([
        listDispatchDeliveries({ scope: platformScope(), dispatchId: id, page: { limit: DELIVERIES_PAGE_SIZE } }),
        dispatch.assigned_driver_id ? getAssignedDriver({ dispatchId: id }).catch(() => null) : null,
        dispatch.assigned_driver_id ? getDispatchEta({ id, scope: platformScope() }) : null,
        listDispatchAudit({ id, scope: platformScope() }),
        getDispatchAccount({ dispatchId: id }),
      ]);
      seedDispatchDetail(queryClient, { dispatch, deliveries, driver, eta });
      queryClient.setQueryData(auditQuery(id).queryKey, audit);
      return account;
    },
    (account) => (
      <DispatchDetail
        audience="admin"
        {...dispatchDetailProps(id, locale)}
        adminT={messagesFor(adminDispatchMessages, locale)}
        account={account ? { id: account.id, name: account.name } : null}
      />
    ),
  );
}
