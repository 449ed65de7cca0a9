import { DispatchDetail } from '@/components/dispatch/detail/dispatch-detail';
import { dispatchDetailProps, dispatchPage } from '@/components/dispatch/detail/dispatch-page';
import { DELIVERIES_PAGE_SIZE, seedDispatchDetail } from '@/components/dispatch/detail/queries';
import { requireStaff } from '@/lib/platform/server/auth/current-user';
import { accountScope } from '@/lib/platform/server/tenancy/scope';
import { getDispatchEta } from '@/lib/dispatch/server/get-dispatch-eta';
import { getDriver } from '@/lib/fleet/server/drivers/get-driver';
import { prefetchedPage, type RecordPageProps } from '@/components/platform/shell/server-page';
import { listDispatchDeliveries } from '@/lib/webhooks/server/list-dispatch-deliveries';

/** The account's dispatch (the read behind GET /ext/dispatch/{id}), cached on the account's id. */
const page = dispatchPage(async () => (await requireStaff()).accountId, (accountId) => accountScope(accountId));

export const generateMetadata = page.generateMetadata;

export default async function DispatchPage({ params }: RecordPageProps) {
  const { id, caller: accountId, locale, record: dispatch } = await page.load(params);
  const scope = accountScope(accountId);

  // The page arrives with its data: what the client would fetch first is read here.
  return prefetchedPage(
    async (queryClient) => {
      const [deliveries, driver, eta] = await Promise.all([
        listDispatchDeliveries({ scope, dispatchId: id, page: { limit: DELIVERIES_PAGE_SIZE } }),
        dispatch.assigned_driver_id ? getDriver({ accountId, id: dispatch.assigned_driver_id }) : null,
        dispatch.assigned_driver_id ? getDispatchEta({ id, scope }) : null,
      ]);
      seedDispatchDetail(queryClient, { dispatch, deliveries, driver, eta });
    },
    () => (
      <DispatchDetail
        audience="staff"
        {...dispatchDetailProps(id, locale)}
      />
    ),
  );
}
