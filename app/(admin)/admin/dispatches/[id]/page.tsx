import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { auditQuery } from '@/components/admin-dispatches/queries';
import { DispatchDetail } from '@/components/dispatch-detail/dispatch-detail';
import { DELIVERIES_PAGE_SIZE, seedDispatchDetail } from '@/components/dispatch-detail/queries';
import { getDispatchAccount } from '@/lib/accounts/get-dispatch-account';
import { requireAdmin } from '@/lib/auth/current-user';
import { platformScope } from '@/lib/tenancy/scope';
import { getDispatchViewJson } from '@/lib/dispatches/get-dispatch-view';
import { getDispatchEta } from '@/lib/dispatches/get-dispatch-eta';
import { listDispatchAudit } from '@/lib/dispatches/list-dispatch-audit';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { getAssignedDriver } from '@/lib/drivers/get-assigned-driver';
import { getEnv } from '@/lib/env';
import { nullIfNotFound } from '@/lib/errors/null-if-not-found';
import { getLocale } from '@/components/i18n/get-locale';
import { format, messagesFor } from '@/components/i18n/messages';
import { adminDispatchMessages } from '@/components/i18n/messages/admin-dispatches';
import { commonMessages } from '@/components/i18n/messages/common';
import { dispatchDetailMessages } from '@/components/i18n/messages/dispatch-detail';
import { getQueryClient } from '@/components/providers/get-query-client';
import { listDispatchDeliveries } from '@/lib/webhooks/list-dispatch-deliveries';

interface Props {
  params: Promise<{ id: string }>;
}

/** Any account's dispatch (the read behind GET /api/admin/dispatches/{id}), or null: once per request. */
const readDispatch = cache(async (id: string): Promise<DispatchRecord | null> => {
  const json = await nullIfNotFound(getDispatchViewJson({ id, scope: platformScope() }));
  return json === null ? null : (JSON.parse(json) as DispatchRecord);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, , locale] = await Promise.all([params, requireAdmin(), getLocale()]);
  const t = messagesFor(dispatchDetailMessages, locale);
  const dispatch = await readDispatch(id);
  return { title: dispatch ? format(t.pageTitle, { rId: dispatch.r_id }) : t.notFoundPageTitle };
}

// The one dispatch page for admins: any account's dispatch, with the account, the admin's actions
// and the audit trail. Everything the browser would fetch first is read here and handed over in the cache.
export default async function AdminDispatchPage({ params }: Props) {
  const [, locale, { id }] = await Promise.all([requireAdmin(), getLocale(), params]);
  const dispatch = await readDispatch(id);
  if (!dispatch) notFound();

  const queryClient = getQueryClient();
  const [deliveries, driver, eta, audit, account] = await Promise.all([
    listDispatchDeliveries({ scope: platformScope(), dispatchId: id, page: { limit: DELIVERIES_PAGE_SIZE } }),
    dispatch.assigned_driver_id ? getAssignedDriver({ dispatchId: id }).catch(() => null) : null,
    dispatch.assigned_driver_id ? getDispatchEta({ id, scope: platformScope() }) : null,
    listDispatchAudit({ id, scope: platformScope() }),
    getDispatchAccount({ dispatchId: id }),
  ]);
  seedDispatchDetail(queryClient, { dispatch, deliveries, driver, eta });
  queryClient.setQueryData(auditQuery(id).queryKey, audit);

  const env = getEnv();
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <DispatchDetail
        audience="admin"
        id={id}
        locale={locale}
        t={messagesFor(dispatchDetailMessages, locale)}
        adminT={messagesFor(adminDispatchMessages, locale)}
        account={account ? { id: account.id, name: account.name } : null}
        common={messagesFor(commonMessages, locale)}
        map={{ tileUrl: env.MAP_TILE_URL || null, tileAttribution: env.MAP_TILE_ATTRIBUTION }}
      />
    </HydrationBoundary>
  );
}
