'use client';

import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { TableHead } from '@/components/platform/ui/query-table';
import { useToggleSet } from '@/components/platform/ui/use-toggle-set';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import type { DispatchDeliveryList, DispatchDeliveryView } from '@/lib/webhooks/shared/schemas';
import { ClientTime } from './client-time';
import { interpolate } from './interpolate';
import { LoadFailure } from './load-failure';
import styles from './dispatch-detail.module.css';
import { DELIVERIES_PAGE_SIZE, deliveriesQuery } from './queries';
import type { DispatchSurface } from './surface';

/** While a delivery is pending its attempts change without a dispatch change: poll, then stop. */
const PENDING_REFRESH_MS = 2_000;

const EVENT_LABEL_KEYS = {
  'dispatch.status_updated': 'event_status_updated',
  'dispatch.driver_assigned': 'event_driver_assigned',
  'dispatch.destination_updated': 'event_destination_updated',
  'dispatch.details_updated': 'event_details_updated',
  'dispatch.eta_updated': 'event_eta_updated',
  'webhook.ping': 'event_ping',
} as const satisfies Record<DispatchDeliveryView['event_type'], keyof DispatchDetailText>;

const STATUS_BADGES: Record<DispatchDeliveryView['status'], string> = {
  pending: 'badge badge--warning',
  succeeded: 'badge badge--success',
  failed: 'badge badge--danger',
};

const hasPending = (list: DispatchDeliveryList | undefined) => Boolean(list?.data.some((delivery) => delivery.status === 'pending'));

/** The dispatch's webhook deliveries, newest first; each row opens to show its attempts. */
export function WebhookDeliveries({
  dispatchId,
  locale,
  t,
  common,
  surface,
}: {
  dispatchId: string;
  locale: Locale;
  t: DispatchDetailText;
  common: CommonText;
  surface: DispatchSurface;
}) {
  const deliveries = useQuery({
    ...deliveriesQuery(dispatchId, surface),
    refetchInterval: (query) => (hasPending(query.state.data) ? PENDING_REFRESH_MS : false),
  });
  const expanded = useToggleSet();

  return (
    <section className="card" aria-labelledby="deliveries-title" data-testid="deliveries">
      <h2 id="deliveries-title">{t.sectionDeliveries}</h2>
      <p className="muted">{t.deliveriesIntro}</p>
      {deliveries.isPending ? (
        <div className={styles.deliveriesLoading} aria-busy="true">
          <span className="sr-only">{common.loading}</span>
          <span className="skeleton" />
          <span className="skeleton" />
          <span className="skeleton" />
        </div>
      ) : deliveries.isError && !deliveries.data ? (
        <LoadFailure message={format(t.deliveriesLoadError, { detail: deliveries.error.message })} onRetry={() => void deliveries.refetch()} retryLabel={common.retry} />
      ) : (
        <DeliveryTable list={deliveries.data} expanded={expanded.has} onToggle={expanded.toggle} locale={locale} t={t} showsEndpoint={surface.showsDeliveryEndpoint} />
      )}
    </section>
  );
}

function DeliveryTable({
  list,
  expanded,
  onToggle,
  locale,
  t,
  showsEndpoint,
}: {
  list: DispatchDeliveryList;
  expanded: (id: string) => boolean;
  onToggle: (id: string) => void;
  locale: Locale;
  t: DispatchDetailText;
  showsEndpoint: boolean;
}) {
  const { webhook, data } = list;
  return (
    <div className="stack">
      {webhook?.status === 'disabled' ? (
        <p className="alert alert--warning" data-testid="webhook-disabled">
          {format(t.webhookDisabled, { url: webhook.url })}
        </p>
      ) : null}
      {webhook ? (
        <p className="muted">
          {interpolate(t.webhookTarget, {
            url: (
              <span className="mono" dir="ltr">
                {webhook.url}
              </span>
            ),
          })}
        </p>
      ) : null}
      {data.length === 0 ? (
        <p className="empty-state" data-testid="deliveries-empty">
          {webhook ? t.noDeliveries : t.noWebhook}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table table--cards" data-testid="deliveries-table">
            <TableHead
              columns={[
                t.columnEvent,
                { heading: t.columnSequence, className: styles.numeric },
                ...(showsEndpoint ? [t.columnEndpoint] : []),
                t.columnStatus,
                { heading: t.columnAttempts, className: styles.numeric },
                { heading: t.columnLastCode, className: styles.numeric },
                t.columnCreated,
              ]}
            />
            <tbody>
              {data.map((delivery) => (
                <DeliveryRows
                  key={delivery.id}
                  delivery={delivery}
                  isExpanded={expanded(delivery.id)}
                  onToggle={() => onToggle(delivery.id)}
                  locale={locale}
                  t={t}
                  showsEndpoint={showsEndpoint}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.next_cursor ? <p className="field__hint">{format(t.moreDeliveries, { count: DELIVERIES_PAGE_SIZE })}</p> : null}
    </div>
  );
}

function DeliveryRows({
  delivery,
  isExpanded,
  onToggle,
  locale,
  t,
  showsEndpoint,
}: {
  delivery: DispatchDeliveryView;
  isExpanded: boolean;
  onToggle: () => void;
  locale: Locale;
  t: DispatchDetailText;
  showsEndpoint: boolean;
}) {
  const event = t[EVENT_LABEL_KEYS[delivery.event_type]];
  const sequence = delivery.sequence ?? '—';
  const attemptsId = `attempts-${delivery.id}`;
  return (
    <Fragment>
      <tr data-testid="delivery-row" data-event={delivery.event_type} data-status={delivery.status}>
        <td data-label={t.columnEvent}>
          <button
            type="button"
            className={`btn btn--ghost btn--small ${styles.disclosure}`}
            aria-expanded={isExpanded}
            aria-controls={attemptsId}
            aria-label={format(isExpanded ? t.hideAttempts : t.showAttempts, { event, sequence })}
            onClick={onToggle}
          >
            <span className={styles.disclosureIcon} aria-hidden="true" />
            {event}
          </button>
        </td>
        <td className={styles.numeric} data-label={t.columnSequence}>
          {sequence}
        </td>
        {showsEndpoint ? (
          <td className="mono" data-testid="delivery-endpoint" data-label={t.columnEndpoint}>
            <span className={styles.endpoint} dir="ltr" title={delivery.url}>
              {delivery.url}
            </span>
          </td>
        ) : null}
        <td data-label={t.columnStatus}>
          <span className={STATUS_BADGES[delivery.status]} data-testid="delivery-status">{t[`delivery_${delivery.status}`]}</span>
          {delivery.held ? <span className={`field__hint ${styles.cellNote}`}>{t.deliveryHeld}</span> : null}
          {delivery.next_attempt_at ? (
            <span className={`field__hint ${styles.cellNote}`}>
              {interpolate(t.nextAttemptAt, { time: <ClientTime timestamp={delivery.next_attempt_at} locale={locale} style="time" /> })}
            </span>
          ) : null}
        </td>
        <td className={styles.numeric} data-testid="delivery-attempts" data-label={t.columnAttempts}>
          {delivery.attempt_count}
        </td>
        <td className={styles.numeric} data-label={t.columnLastCode}>
          {delivery.last_status_code ?? '—'}
        </td>
        <td data-label={t.columnCreated}>
          <ClientTime timestamp={delivery.created_at} locale={locale} />
        </td>
      </tr>
      <tr id={attemptsId} hidden={!isExpanded} className={styles.attemptsRow}>
        <td colSpan={showsEndpoint ? 7 : 6} data-label="">{isExpanded ? <AttemptList delivery={delivery} event={event} locale={locale} t={t} /> : null}</td>
      </tr>
    </Fragment>
  );
}

function AttemptList({ delivery, event, locale, t }: { delivery: DispatchDeliveryView; event: string; locale: Locale; t: DispatchDetailText }) {
  if (delivery.attempts.length === 0) return <p className="muted">{t.notAttempted}</p>;
  return (
    <table className={`table table--cards ${styles.attempts}`} data-testid="attempts-table">
      <caption className={styles.caption}>{format(t.attemptsCaption, { event, sequence: delivery.sequence ?? '—' })}</caption>
      <TableHead
        columns={[
          { heading: t.attemptNumber, className: styles.numeric },
          t.attemptTime,
          { heading: t.attemptStatusCode, className: styles.numeric },
          { heading: t.attemptLatency, className: styles.numeric },
          t.attemptResult,
        ]}
      />
      <tbody>
        {delivery.attempts.map((attempt) => (
          <tr key={attempt.number} data-testid="attempt-row">
            <td className={styles.numeric} data-label={t.attemptNumber}>
              {attempt.number}
            </td>
            <td data-label={t.attemptTime}>
              <ClientTime timestamp={attempt.started_at} locale={locale} style="time" />
            </td>
            <td className={styles.numeric} data-label={t.attemptStatusCode}>
              {attempt.status_code ?? t.noResponse}
            </td>
            <td className={styles.numeric} data-label={t.attemptLatency}>
              {format(t.latencyMs, { ms: attempt.latency_ms })}
            </td>
            <td data-label={t.attemptResult}>
              {attempt.error ? <span className={styles.attemptError}>{attempt.error}</span> : null}
              <code className={styles.snippet} dir="ltr">
                {attempt.response_snippet || t.emptyResponse}
              </code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
