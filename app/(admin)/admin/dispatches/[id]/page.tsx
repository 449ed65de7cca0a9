import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AdminDispatchActions } from '@/components/admin-dispatches/admin-dispatch-actions';
import { AuditTrail } from '@/components/admin-dispatches/audit-trail';
import { auditQuery } from '@/components/admin-dispatches/queries';
import { statusLabelsOf } from '@/components/admin-dispatches/status-labels';
import { DispatchDetail } from '@/components/dispatch-detail/dispatch-detail';
import { deliveriesQuery, dispatchQuery, driverQuery, etaQuery, DELIVERIES_PAGE_SIZE } from '@/components/dispatch-detail/queries';
import { DispatchSurfaceProvider } from '@/components/dispatch-detail/surface';
import { getDispatchAccount } from '@/lib/accounts/get-dispatch-account';
import { requireAdmin } from '@/lib/auth/current-user';
import { getDispatchJson } from '@/lib/dispatches/get-dispatch';
import { getDispatchEta } from '@/lib/dispatches/get-dispatch-eta';
import { listDispatchAudit } from '@/lib/dispatches/list-dispatch-audit';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { getAssignedDriver } from '@/lib/drivers/get-assigned-driver';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { getLocale } from '@/lib/i18n/get-locale';
import { format, messagesFor } from '@/lib/i18n/messages';
import { adminDispatchMessages } from '@/lib/i18n/messages/admin-dispatches';
import { commonMessages } from '@/lib/i18n/messages/common';
import { dispatchDetailMessages } from '@/lib/i18n/messages/dispatch-detail';
import { getQueryClient } from '@/lib/query/get-query-client';
import { listDispatchDeliveries } from '@/lib/webhooks/list-dispatch-deliveries';

interface Props {
  params: Promise<{ id: string }>;
}

/** Any account's dispatch (the read behind GET /api/admin/dispatches/{id}), or null: once per request. */
const readDispatch = cache(async (id: string): Promise<DispatchRecord | null> => {
  try {
    return JSON.parse(await getDispatchJson({ id, accountId: null })) as DispatchRecord;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, , locale] = await Promise.all([params, requireAdmin(), getLocale()]);
  const t = messagesFor(dispatchDetailMessages, locale);
  const dispatch = await readDispatch(id);
  return { title: dispatch ? format(t.pageTitle, { rId: dispatch.r_id }) : t.notFoundPageTitle };
}

// The staff dispatch page's parts on the console's API, plus the admin's actions and the audit
// trail. Everything the browser would fetch first is read here and handed over in the cache.
export default async function AdminDispatchPage({ params }: Props) {
  const [, locale, { id }] = await Promise.all([requireAdmin(), getLocale(), params]);
  const dispatch = await readDispatch(id);
  if (!dispatch) notFound();

  const queryClient = getQueryClient();
  queryClient.setQueryData(dispatchQuery(id).queryKey, dispatch);
  const [deliveries, driver, eta, audit, account] = await Promise.all([
    listDispatchDeliveries({ accountId: null, dispatchId: id, page: { limit: DELIVERIES_PAGE_SIZE } }),
    dispatch.assigned_driver_id ? getAssignedDriver({ dispatchId: id }).catch(() => null) : null,
    dispatch.assigned_driver_id ? getDispatchEta({ id, accountId: null }) : null,
    listDispatchAudit({ id }),
    getDispatchAccount({ dispatchId: id }),
  ]);
  queryClient.setQueryData(etaQuery(id).queryKey, eta);
  queryClient.setQueryData(deliveriesQuery(id).queryKey, deliveries);
  if (driver) queryClient.setQueryData(driverQuery(id, driver.id).queryKey, driver);
  queryClient.setQueryData(auditQuery(id).queryKey, audit);

  const env = getEnv();
  const common = messagesFor(commonMessages, locale);
  const t = messagesFor(adminDispatchMessages, locale);
  const statusLabels = statusLabelsOf(common);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <DispatchSurfaceProvider surface="admin">
        <DispatchDetail
          id={id}
          locale={locale}
          t={messagesFor(dispatchDetailMessages, locale)}
          common={common}
          map={{ tileUrl: env.MAP_TILE_URL || null, tileAttribution: env.MAP_TILE_ATTRIBUTION }}
          meta={
            account ? (
              <div>
                <dt>{t.accountMeta}</dt>
                <dd data-testid="dispatch-account">
                  <Link href={`/admin/dispatches?account_id=${encodeURIComponent(account.id)}`}>{account.name}</Link>
                </dd>
              </div>
            ) : null
          }
          actions={<AdminDispatchActions id={id} t={t} common={common} statusLabels={statusLabels} />}
          footer={<AuditTrail id={id} t={t} common={common} statusLabels={statusLabels} locale={locale} />}
        />
      </DispatchSurfaceProvider>
    </HydrationBoundary>
  );
}
