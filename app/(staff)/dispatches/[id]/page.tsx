import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { DispatchDetail } from '@/components/dispatch-detail/dispatch-detail';
import { DELIVERIES_PAGE_SIZE, seedDispatchDetail } from '@/components/dispatch-detail/queries';
import { requireStaff } from '@/lib/auth/current-user';
import { accountScope } from '@/lib/tenancy/scope';
import { getDispatchViewJson } from '@/lib/dispatches/get-dispatch-view';
import { getDispatchEta } from '@/lib/dispatches/get-dispatch-eta';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { getDriver } from '@/lib/drivers/get-driver';
import { getEnv } from '@/lib/env';
import { nullIfNotFound } from '@/lib/errors/null-if-not-found';
import { getLocale } from '@/components/i18n/get-locale';
import { format, messagesFor } from '@/components/i18n/messages';
import { commonMessages } from '@/components/i18n/messages/common';
import { dispatchDetailMessages } from '@/components/i18n/messages/dispatch-detail';
import { getQueryClient } from '@/components/providers/get-query-client';
import { listDispatchDeliveries } from '@/lib/webhooks/list-dispatch-deliveries';

interface Props {
  params: Promise<{ id: string }>;
}

/** The account's dispatch (the read behind GET /ext/dispatch/{id}), or null: once per request. */
const readDispatch = cache(async (id: string, accountId: string): Promise<DispatchRecord | null> => {
  const json = await nullIfNotFound(getDispatchViewJson({ id, scope: accountScope(accountId) }));
  return json === null ? null : (JSON.parse(json) as DispatchRecord);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, user, locale] = await Promise.all([params, requireStaff(), getLocale()]);
  const t = messagesFor(dispatchDetailMessages, locale);
  const dispatch = await readDispatch(id, user.accountId);
  return { title: dispatch ? format(t.pageTitle, { rId: dispatch.r_id }) : t.notFoundPageTitle };
}

export default async function DispatchPage({ params }: Props) {
  const user = await requireStaff();
  const locale = await getLocale();
  const { id } = await params;
  const dispatch = await readDispatch(id, user.accountId);
  if (!dispatch) notFound();

  // The page arrives with its data: what the client would fetch first is read here.
  const queryClient = getQueryClient();
  const scope = accountScope(user.accountId);
  const [deliveries, driver, eta] = await Promise.all([
    listDispatchDeliveries({ scope, dispatchId: id, page: { limit: DELIVERIES_PAGE_SIZE } }),
    dispatch.assigned_driver_id ? getDriver({ accountId: user.accountId, id: dispatch.assigned_driver_id }) : null,
    dispatch.assigned_driver_id ? getDispatchEta({ id, scope }) : null,
  ]);
  seedDispatchDetail(queryClient, { dispatch, deliveries, driver, eta });

  const env = getEnv();
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <DispatchDetail
        audience="staff"
        id={id}
        locale={locale}
        t={messagesFor(dispatchDetailMessages, locale)}
        common={messagesFor(commonMessages, locale)}
        map={{ tileUrl: env.MAP_TILE_URL || null, tileAttribution: env.MAP_TILE_ATTRIBUTION }}
      />
    </HydrationBoundary>
  );
}
