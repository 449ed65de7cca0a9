'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { Fragment, useState } from 'react';
import { formatDateTime, formatTime, parseApiTimestamp } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { SettingsText } from '@/components/platform/i18n/messages/settings';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type WebhookDeliveryView } from '@/lib/webhooks/shared/schemas';
import { SelectField } from '@/components/platform/ui/field';
import { Pager } from '@/components/platform/ui/pager';
import { Panel } from '@/components/platform/ui/panel';
import { QueryError, errorText } from '@/components/platform/ui/query-error';
import { QueryTable, TableHead } from '@/components/platform/ui/query-table';
import { useToast } from '@/components/platform/ui/toast';
import { useCursorPages } from '@/components/platform/ui/use-cursor-pages';
import { useToggleSet } from '@/components/platform/ui/use-toggle-set';
import styles from '@/components/platform/ui/ui.module.css';
import { settingsApi, webhookKeys, webhookQueries, type DeliveryFilters } from './queries';
import logStyles from './settings.module.css';

type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];
type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const COLUMNS = 5;
const STATUS_BADGE: Record<DeliveryStatus, string> = {
  pending: 'badge badge--warning',
  succeeded: 'badge badge--success',
  failed: 'badge badge--danger',
};

interface Props {
  t: SettingsText;
  common: CommonText;
  locale: Locale;
}

/** The account's deliveries, filtered and paged, each expandable to its attempts; refreshes while any is pending. */
export function DeliveryLog({ t, common, locale }: Props) {
  const [eventType, setEventType] = useState<EventType | ''>('');
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const expanded = useToggleSet();
  const queryClient = useQueryClient();
  const toast = useToast();

  const eventOptions = WEBHOOK_EVENT_TYPES.map((type) => [type, t[`event_${type}`]] as const);
  const statusOptions = DELIVERY_STATUSES.map((option) => [option, t[`delivery_${option}`]] as const);
  const pages = useCursorPages(`${eventType}/${status}`);
  const filters: DeliveryFilters = { event_type: eventType || undefined, status: status || undefined, cursor: pages.cursor };
  const list = useQuery({ ...webhookQueries.deliveryList(filters), placeholderData: keepPreviousData });
  const deliveries = list.data?.data ?? [];
  const isLive = deliveries.some((delivery) => delivery.status === 'pending');

  const redeliver = useMutation({
    mutationFn: settingsApi.redeliver,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      toast(t.redeliveredToast, 'success');
    },
    onError: (error) => toast(errorText(error, common), 'error'),
  });

  return (
    <Panel
      headingId="log-heading"
      title={t.logHeading}
      intro={t.logIntro}
      headerEnd={
        <span className="muted" role="status">
          {isLive ? t.logLive : ''}
        </span>
      }
      testId="delivery-log"
    >
      <div role="group" aria-label={t.filters} className={styles.filters}>
        <SelectField id="log-event-type" label={t.filterEventType} value={eventType} onChange={setEventType} anyLabel={t.filterAll} options={eventOptions} />
        <SelectField id="log-status" label={t.filterStatus} value={status} onChange={setStatus} anyLabel={t.filterAll} options={statusOptions} />
      </div>

      <QueryTable
        query={list}
        rowCount={list.data?.data.length}
        columns={[t.colCreated, t.colEvent, t.colStatus, t.colAttempts]}
        actionsLabel={t.colActions}
        empty={eventType || status ? t.logEmptyFiltered : t.logEmpty}
        common={common}
        skeletonRows={4}
        isBusy={list.isFetching && list.isPlaceholderData}
        cards
      >
        {deliveries.map((delivery) => {
          const isOpen = expanded.has(delivery.id);
          const panelId = `attempts-${delivery.id}`;
          return (
            <Fragment key={delivery.id}>
              <tr data-testid="delivery-row" data-delivery-id={delivery.id} data-status={delivery.status}>
                <td className={styles.nowrap} data-label={t.colCreated}>
                  {formatDateTime(delivery.created_at, locale)}
                </td>
                <td data-label={t.colEvent}>
                  <div>{t[`event_${delivery.event_type}`]}</div>
                  {delivery.dispatch_id ? (
                    <Link
                      href={`/dispatches/${delivery.dispatch_id}`}
                      className={`mono ltr ${styles.small} ${styles.ellipsis}`}
                      dir="ltr"
                      aria-label={`${t.colDispatch} ${delivery.dispatch_id}`}
                      title={delivery.dispatch_id}
                      data-testid="delivery-dispatch-id"
                    >
                      {delivery.dispatch_id}
                    </Link>
                  ) : null}
                </td>
                <td data-label={t.colStatus}>
                  <span className={STATUS_BADGE[delivery.status]} data-testid="delivery-status">{t[`delivery_${delivery.status}`]}</span>
                  <DeliveryWhen delivery={delivery} t={t} locale={locale} />
                </td>
                <td data-label={t.colAttempts}>
                  <div>{delivery.attempt_count}</div>
                  <LastResult delivery={delivery} t={t} />
                </td>
                <td data-label="">
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? panelId : undefined}
                      onClick={() => expanded.toggle(delivery.id)}
                    >
                      {isOpen ? t.hideAttempts : t.showAttempts}
                    </button>
                    <RedeliverButton
                      delivery={delivery}
                      t={t}
                      isPending={redeliver.isPending && redeliver.variables === delivery.id}
                      onRedeliver={() => redeliver.mutate(delivery.id)}
                    />
                  </div>
                </td>
              </tr>
              {isOpen ? (
                <tr className={logStyles.attemptsRow}>
                  <td colSpan={COLUMNS} id={panelId} data-label="">
                    <DeliveryAttempts id={delivery.id} t={t} common={common} locale={locale} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </QueryTable>

      <Pager
        hasPrevious={pages.hasPrevious}
        nextCursor={list.data?.next_cursor}
        onPrevious={pages.previous}
        onNext={pages.next}
        common={common}
        label={t.logPaging}
        isStale={list.isPlaceholderData}
      />
    </Panel>
  );
}

/** Held, or when the next attempt is due, under a pending delivery's badge. */
function DeliveryWhen({ delivery, t, locale }: { delivery: WebhookDeliveryView; t: SettingsText; locale: Locale }) {
  if (delivery.status !== 'pending') return null;
  const text = delivery.held
    ? t.deliveryHeld
    : delivery.next_attempt_at && delivery.attempt_count > 0
      ? format(t.deliveryNextAttempt, { time: formatDateTime(delivery.next_attempt_at, locale) })
      : null;
  return text ? <div className={`muted ${styles.small}`}>{text}</div> : null;
}

/** The outcome of the latest attempt, under the attempt count. */
function LastResult({ delivery, t }: { delivery: WebhookDeliveryView; t: SettingsText }) {
  if (delivery.attempt_count === 0) return null;
  const text = delivery.last_error ?? (delivery.last_status_code === null ? t.noResponse : `HTTP ${delivery.last_status_code}`);
  return <div className={`muted ${styles.small} ${styles.breakWord}`}>{text}</div>;
}

/** "Redeliver" on a finished delivery, "Retry now" on one waiting for its back-off; nothing on a held one. */
function RedeliverButton({ delivery, t, isPending, onRedeliver }: { delivery: WebhookDeliveryView; t: SettingsText; isPending: boolean; onRedeliver: () => void }) {
  const label = delivery.status === 'pending' ? (delivery.held || delivery.attempt_count === 0 ? null : t.retryNow) : t.redeliver;
  if (!label) return null;
  return (
    <button type="button" className="btn btn--small" onClick={onRedeliver} disabled={isPending} aria-busy={isPending} data-testid="redeliver">
      {label}
    </button>
  );
}

/** Every attempt of one delivery, oldest first. */
function DeliveryAttempts({ id, t, common, locale }: { id: string; t: SettingsText; common: CommonText; locale: Locale }) {
  const detail = useQuery(webhookQueries.delivery(id));
  if (detail.isPending) {
    return (
      <div className={logStyles.attempts} aria-busy="true">
        <span className={`skeleton ${styles.skeletonBlock}`} />
        <span className="sr-only">{common.loading}</span>
      </div>
    );
  }
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => detail.refetch()} common={common} />;
  const { attempts } = detail.data;
  return (
    <div className={logStyles.attempts} data-testid="delivery-attempts">
      {attempts.length === 0 ? (
        <p className="muted">{t.noAttempts}</p>
      ) : (
        <table className="table table--cards">
          <caption className="sr-only">{format(t.attemptsOf, { id })}</caption>
          <TableHead columns={[t.colAttemptNumber, t.colAttemptTime, t.colStatusCode, t.colLatency, t.colError, t.colResponse]} />
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.number} data-testid="attempt-row">
                <td data-label={t.colAttemptNumber}>{attempt.number}</td>
                <td className={styles.nowrap} data-label={t.colAttemptTime}>
                  <time dateTime={parseApiTimestamp(attempt.started_at).toISOString()} title={formatDateTime(attempt.started_at, locale)}>
                    {formatTime(attempt.started_at, locale)}
                  </time>
                </td>
                <td data-label={t.colStatusCode}>{attempt.status_code ?? <span className="muted">{t.noResponse}</span>}</td>
                <td className={styles.nowrap} data-label={t.colLatency}>
                  {format(t.latencyMs, { ms: attempt.latency_ms })}
                </td>
                <td className={styles.breakWord} data-label={t.colError}>
                  {attempt.error ?? '—'}
                </td>
                <td data-label={t.colResponse}>{attempt.response_snippet ? <pre className={logStyles.snippet}>{attempt.response_snippet}</pre> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
