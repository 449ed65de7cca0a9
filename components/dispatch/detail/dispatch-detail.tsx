'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { LIST_URLS } from '@/components/dispatch/list/list-params';
import { useDispatchChanges } from '@/components/dispatch/live/use-dispatch-changes';
import { QueryError } from '@/components/platform/ui/query-error';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { attentionOf } from '@/lib/dispatch/shared/attention';
import { useNow } from '@/components/platform/ui/use-now';
import { ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/table';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { AdminDispatchText } from '@/components/platform/i18n/messages/admin-dispatches';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import { CancelDispatchCard } from '@/components/dispatch/cancel/cancel-dispatch-card';
import { ClientTime } from './client-time';
import { DispatchDetailSkeleton } from './detail-skeleton';
import styles from './dispatch-detail.module.css';
import { DriverCard } from './driver-card';
import { DropoffCard } from './dropoff-card';
import { LoadFailure } from './load-failure';
import { CustomerCard, OrderCard } from './order-summary';
import { PickupCard } from './pickup-card';
import { PriceCard } from './price-card';
import { ProofCard } from './proof-card';
import { dispatchDetailKeys, dispatchQuery, driverQuery, etaQuery } from './queries';
import { RouteCard, type MapSettings } from './route-card';
import { statusBadgeClass, statusLabel, statusLabelsOf } from './status-labels';
import { StatusTimeline } from './status-timeline';
import { DISPATCH_SURFACES } from './surface';
import { TrackingLinkCard } from './tracking-link-card';
import { WebhookDeliveries } from './webhook-deliveries';

// The console's panels load only where they are shown, not on the staff page.
const AdminDispatchActions = dynamic(() => import('@/components/dispatch/admin/admin-dispatch-actions').then((module) => module.AdminDispatchActions));
const AuditTrail = dynamic(() => import('@/components/dispatch/admin/audit-trail').then((module) => module.AuditTrail));

/**
 * Who the page is for: staff see their account's dispatch and may move its destination or cancel it; admins
 * see any account's, with the account named, the admin's actions (assign a driver, record the
 * next status), webhook deliveries to every endpoint the account has had, and the audit trail.
 */
export type DetailAudience = { audience: 'staff' } | { audience: 'admin'; adminT: AdminDispatchText; account: { id: string; name: string } | null };

/**
 * One dispatch, kept current: every live change of this dispatch (or a resync after a lost
 * connection) re-reads everything under its query key — record, deliveries, driver and ETA.
 * A driver's position writes no event: while they are on duty, their query re-reads on an interval.
 */
export function DispatchDetail(
  props: DetailAudience & {
    id: string;
    locale: Locale;
    t: DispatchDetailText;
    common: CommonText;
    map: MapSettings;
  },
) {
  const { id, locale, t, common, map } = props;
  const admin = props.audience === 'admin' ? props : null;
  const surface = DISPATCH_SURFACES[props.audience];
  const queryClient = useQueryClient();
  const query = useQuery(dispatchQuery(id, surface));
  const driverId = query.data?.assigned_driver_id ?? null;
  // While the driver is on the dispatch, where they are and when they arrive are shown (and followed).
  const isOnDuty = query.data !== undefined && driverId !== null && ON_DUTY_STATES.includes(currentStatus(query.data.status));
  const driver = useQuery({ ...driverQuery(id, driverId ?? '', surface, isOnDuty), enabled: driverId !== null });
  const eta = useQuery({ ...etaQuery(id, surface), enabled: isOnDuty });
  const position = isOnDuty ? (driver.data?.last_position ?? null) : null;
  // Late or stuck (lib/dispatch/shared/attention.ts), by the browser's clock once hydrated, re-read every half minute.
  const now = useNow(30_000);
  const isLive = useDispatchChanges((change) => {
    if (change === 'resync' || change.dispatch_id === id) {
      void queryClient.invalidateQueries({ queryKey: dispatchDetailKeys.dispatch(id) });
    }
  }, surface.eventsPath);

  if (query.isPending) return <DispatchDetailSkeleton label={common.loading} />;
  if (query.isError && !query.data) {
    const isGone = query.error instanceof ApiClientError && query.error.status === 404;
    return (
      <div className="stack">
        <h1>{isGone ? t.notFoundTitle : t.loadErrorTitle}</h1>
        <LoadFailure
          message={isGone ? t.notFoundBody : format(common.errorGeneric, { detail: query.error.message })}
          onRetry={isGone ? null : () => void query.refetch()}
          retryLabel={common.retry}
        />
        <p>
          <Link href={surface.listHref}>{t.backToList}</Link>
        </p>
      </div>
    );
  }

  const dispatch = query.data;
  const status = currentStatus(dispatch.status);
  const attention = now === null ? null : attentionOf(dispatch, now);
  return (
    <div className="stack">
      <div className={styles.header}>
        <Link href={surface.listHref} className={styles.back}>
          {t.backToList}
        </Link>
        <div className={styles.titleRow}>
          <h1>{format(t.heading, { rId: dispatch.r_id })}</h1>
          <span className={statusBadgeClass(status)} data-testid="current-status" data-status={status}>
            <span className="sr-only">{t.currentStatus}: </span>
            {statusLabel(common, status)}
          </span>
        </div>
        {attention ? (
          <p className="alert alert--error" role="status" data-testid="dispatch-attention" data-reason={attention.reason}>
            {format(common[`attention_${attention.reason}`], { minutes: attention.minutes })}
          </p>
        ) : null}
        <dl className={styles.meta}>
          <div>
            <dt>{t.vendorOid}</dt>
            <dd className="mono" data-testid="vendor-oid">
              {dispatch.vendor_oid}
            </dd>
          </div>
          <div>
            <dt>{t.created}</dt>
            <dd>
              <ClientTime timestamp={dispatch.created_at} locale={locale} />
            </dd>
          </div>
          <div>
            <dt>{t.modified}</dt>
            <dd data-testid="modified-at" data-value={dispatch.modified_at}>
              <ClientTime timestamp={dispatch.modified_at} locale={locale} />
            </dd>
          </div>
          {admin?.account ? (
            <div>
              <dt>{admin.adminT.accountMeta}</dt>
              <dd data-testid="dispatch-account">
                <Link href={LIST_URLS.admin.href({ filters: { account_id: admin.account.id }, prev: [] })}>{admin.account.name}</Link>
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} common={common} />
      ) : null}
      <div className={`grid-2 grid-2--wide-start ${styles.layout}`}>
        <RouteCard dispatch={dispatch} driverPosition={position} t={t} common={common} map={map} surface={surface} locale={locale} />
        <div className="stack">
          {admin ? <AdminDispatchActions dispatch={dispatch} t={admin.adminT} common={common} statusLabels={statusLabelsOf(common)} locale={locale} /> : null}
          <ProofCard dispatch={dispatch} surface={surface} t={t} common={common} locale={locale} />
          <CancelDispatchCard dispatch={dispatch} cancelPath={`${surface.dispatchPath(id)}/cancel`} showsAction={!admin} locale={locale} common={common} />
          <PickupCard dispatch={dispatch} surface={surface} showsAction={!admin} locale={locale} common={common} />
          <StatusTimeline entries={dispatch.status} driver={driverId ? driver.data : null} isLive={isLive} locale={locale} t={t} common={common} />
          <DriverCard
            driverId={dispatch.assigned_driver_id}
            trip={dispatch.trip ?? null}
            expectedPickupAt={dispatch.expected_pickup_at ?? null}
            driver={driver}
            eta={isOnDuty ? (eta.data ?? null) : null}
            isOnDuty={isOnDuty}
            locale={locale}
            t={t}
          />
        </div>
      </div>
      <div className="grid-2">
        <CustomerCard dispatch={dispatch} t={t} />
        <OrderCard dispatch={dispatch} locale={locale} t={t} />
      </div>
      <div className="grid-2">
        <DropoffCard dispatch={dispatch} surface={surface} showsAction={!admin} locale={locale} common={common} />
        <div className="stack">
          <PriceCard dispatch={dispatch} locale={locale} />
          <TrackingLinkCard dispatch={dispatch} locale={locale} />
        </div>
      </div>
      <WebhookDeliveries dispatchId={dispatch.id} locale={locale} t={t} common={common} surface={surface} />
      {admin ? <AuditTrail id={id} t={admin.adminT} common={common} statusLabels={statusLabelsOf(common)} locale={locale} /> : null}
    </div>
  );
}
