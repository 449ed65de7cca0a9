'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { Fragment, useState } from 'react';
import { formatDateTime, formatTime, parseApiTimestamp } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type WebhookDeliveryView } from '@/lib/webhooks/schemas';
import { PendingOrEmptyRows } from '@/components/ui/table-states';
import { useToast } from '@/components/ui/toast';
import { QueryError, errorText } from '@/components/ui/query-error';
import { settingsApi, webhookKeys, webhookQueries, type DeliveryFilters } from './queries';
import styles from './settings.module.css';

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
  // The cursors of the pages before the one shown: "Previous" pops one.
  const [cursors, setCursors] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const queryClient = useQueryClient();
  const toast = useToast();

  const filters: DeliveryFilters = { event_type: eventType || undefined, status: status || undefined, cursor: cursors.at(-1) };
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

  const changeFilter = (apply: () => void) => {
    apply();
    setCursors([]);
  };
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="log-heading" className="card stack" data-testid="delivery-log">
      <div className={styles.sectionHeader}>
        <h2 id="log-heading">{t.logHeading}</h2>
        <span className="muted" role="status">
          {isLive ? t.logLive : ''}
        </span>
      </div>
      <p className="muted">{t.logIntro}</p>

      <div role="group" aria-label={t.filters} className={styles.filters}>
        <div className="field">
          <label htmlFor="log-event-type">{t.filterEventType}</label>
          <select
            id="log-event-type"
            className="select"
            value={eventType}
            onChange={(event) => changeFilter(() => setEventType(event.target.value as EventType | ''))}
          >
            <option value="">{t.filterAll}</option>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t[`event_${type}`]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="log-status">{t.filterStatus}</label>
          <select
            id="log-status"
            className="select"
            value={status}
            onChange={(event) => changeFilter(() => setStatus(event.target.value as DeliveryStatus | ''))}
          >
            <option value="">{t.filterAll}</option>
            {DELIVERY_STATUSES.map((option) => (
              <option key={option} value={option}>
                {t[`delivery_${option}`]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isError ? <QueryError error={list.error} onRetry={() => list.refetch()} common={common} /> : null}

      <div className="table-wrap">
        <table className="table" aria-busy={list.isFetching && list.isPlaceholderData}>
          <thead>
            <tr>
              <th scope="col">{t.colCreated}</th>
              <th scope="col">{t.colEvent}</th>
              <th scope="col">{t.colStatus}</th>
              <th scope="col">{t.colAttempts}</th>
              <th scope="col">
                <span className="sr-only">{t.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <PendingOrEmptyRows isPending={list.isPending} isEmpty={list.isSuccess && deliveries.length === 0} rows={4} columns={COLUMNS} cellClassName={styles.skeletonText} empty={eventType || status ? t.logEmptyFiltered : t.logEmpty} />
            {deliveries.map((delivery) => {
              const isOpen = expanded.has(delivery.id);
              const panelId = `attempts-${delivery.id}`;
              return (
                <Fragment key={delivery.id}>
                  <tr data-testid="delivery-row" data-delivery-id={delivery.id} data-status={delivery.status}>
                    <td className={styles.nowrap}>{formatDateTime(delivery.created_at, locale)}</td>
                    <td>
                      <div>{t[`event_${delivery.event_type}`]}</div>
                      {delivery.dispatch_id ? (
                        <Link
                          href={`/dispatches/${delivery.dispatch_id}`}
                          className={`mono ${styles.small} ${styles.ellipsis}`}
                          aria-label={`${t.colDispatch} ${delivery.dispatch_id}`}
                          title={delivery.dispatch_id}
                        >
                          <bdi>{delivery.dispatch_id}</bdi>
                        </Link>
                      ) : null}
                    </td>
                    <td>
                      <span className={STATUS_BADGE[delivery.status]}>{t[`delivery_${delivery.status}`]}</span>
                      <DeliveryWhen delivery={delivery} t={t} locale={locale} />
                    </td>
                    <td>
                      <div>{delivery.attempt_count}</div>
                      <LastResult delivery={delivery} t={t} />
                    </td>
                    <td>
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className="btn btn--small"
                          aria-expanded={isOpen}
                          aria-controls={isOpen ? panelId : undefined}
                          onClick={() => toggle(delivery.id)}
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
                    <tr className={styles.attemptsRow}>
                      <td colSpan={COLUMNS} id={panelId}>
                        <DeliveryAttempts id={delivery.id} t={t} common={common} locale={locale} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>

      {cursors.length > 0 || list.data?.next_cursor ? (
        <nav aria-label={t.logPaging} className="row">
          <button type="button" className="btn btn--small" disabled={cursors.length === 0} onClick={() => setCursors((all) => all.slice(0, -1))}>
            {common.previousPage}
          </button>
          <button
            type="button"
            className="btn btn--small"
            disabled={!list.data?.next_cursor || list.isPlaceholderData}
            onClick={() => {
              const next = list.data?.next_cursor;
              if (next) setCursors((all) => [...all, next]);
            }}
          >
            {common.nextPage}
          </button>
        </nav>
      ) : null}
    </section>
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
    <button type="button" className="btn btn--small" onClick={onRedeliver} disabled={isPending} aria-busy={isPending}>
      {label}
    </button>
  );
}

/** Every attempt of one delivery, oldest first. */
function DeliveryAttempts({ id, t, common, locale }: { id: string; t: SettingsText; common: CommonText; locale: Locale }) {
  const detail = useQuery(webhookQueries.delivery(id));
  if (detail.isPending) {
    return (
      <div className={styles.attempts} aria-busy="true">
        <span className={`skeleton ${styles.skeletonBlock}`} />
        <span className="sr-only">{common.loading}</span>
      </div>
    );
  }
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => detail.refetch()} common={common} />;
  const { attempts } = detail.data;
  return (
    <div className={styles.attempts} data-testid="delivery-attempts">
      {attempts.length === 0 ? (
        <p className="muted">{t.noAttempts}</p>
      ) : (
        <table className="table">
          <caption className="sr-only">{format(t.attemptsOf, { id })}</caption>
          <thead>
            <tr>
              <th scope="col">{t.colAttemptNumber}</th>
              <th scope="col">{t.colAttemptTime}</th>
              <th scope="col">{t.colStatusCode}</th>
              <th scope="col">{t.colLatency}</th>
              <th scope="col">{t.colError}</th>
              <th scope="col">{t.colResponse}</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.number} data-testid="attempt-row">
                <td>{attempt.number}</td>
                <td className={styles.nowrap}>
                  <time dateTime={parseApiTimestamp(attempt.started_at).toISOString()} title={formatDateTime(attempt.started_at, locale)}>
                    {formatTime(attempt.started_at, locale)}
                  </time>
                </td>
                <td>{attempt.status_code ?? <span className="muted">{t.noResponse}</span>}</td>
                <td className={styles.nowrap}>{format(t.latencyMs, { ms: attempt.latency_ms })}</td>
                <td className={styles.breakWord}>{attempt.error ?? '—'}</td>
                <td>{attempt.response_snippet ? <pre className={styles.snippet}>{attempt.response_snippet}</pre> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
