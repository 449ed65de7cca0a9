import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { DispatchDetail } from '@/components/dispatch-detail/dispatch-detail';
import { deliveriesQuery, dispatchQuery, driverQuery, etaQuery, DELIVERIES_PAGE_SIZE } from '@/components/dispatch-detail/queries';
import { requireStaff } from '@/lib/auth/current-user';
import { getDispatchJson } from '@/lib/dispatches/get-dispatch';
import { getDispatchEta } from '@/lib/dispatches/get-dispatch-eta';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { getDriver } from '@/lib/drivers/get-driver';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { getLocale } from '@/lib/i18n/get-locale';
import { format, messagesFor } from '@/lib/i18n/messages';
import { commonMessages } from '@/lib/i18n/messages/common';
import { dispatchDetailMessages } from '@/lib/i18n/messages/dispatch-detail';
import { getQueryClient } from '@/lib/query/get-query-client';
import { listDispatchDeliveries } from '@/lib/webhooks/list-dispatch-deliveries';

interface Props {
  params: Promise<{ id: string }>;
}

/** The account's dispatch (the read behind GET /ext/dispatch/{id}), or null: once per request. */
const readDispatch = cache(async (id: string, accountId: string): Promise<DispatchRecord | null> => {
  try {
    return JSON.parse(await getDispatchJson({ id, accountId })) as DispatchRecord;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
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

  // The page arrives with its data (no spinner, no shift): what the client would fetch first is
  // read here with the same domain calls and handed over in the query cache.
  const queryClient = getQueryClient();
  queryClient.setQueryData(dispatchQuery(id).queryKey, dispatch);
  const [deliveries, driver, eta] = await Promise.all([
    listDispatchDeliveries({ accountId: user.accountId, dispatchId: id, page: { limit: DELIVERIES_PAGE_SIZE } }),
    dispatch.assigned_driver_id ? getDriver({ accountId: user.accountId, id: dispatch.assigned_driver_id }) : null,
    dispatch.assigned_driver_id ? getDispatchEta({ id, accountId: user.accountId }) : null,
  ]);
  queryClient.setQueryData(etaQuery(id).queryKey, eta);
  queryClient.setQueryData(deliveriesQuery(id).queryKey, deliveries);
  if (driver) queryClient.setQueryData(driverQuery(id, driver.id).queryKey, driver);

  const env = getEnv();
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <DispatchDetail
        id={id}
        locale={locale}
        t={messagesFor(dispatchDetailMessages, locale)}
        common={messagesFor(commonMessages, locale)}
        map={{ tileUrl: env.MAP_TILE_URL || null, tileAttribution: env.MAP_TILE_ATTRIBUTION }}
      />
    </HydrationBoundary>
  );
}
