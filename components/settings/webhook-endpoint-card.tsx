'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import type { WebhookEndpointView } from '@/lib/webhooks/schemas';
import { useToast } from '@/components/ui/toast';
import { QueryError, errorText } from '@/components/ui/query-error';
import { settingsApi, webhookKeys, webhookQueries } from './queries';
import styles from './settings.module.css';
import { FormFailure } from '@/components/ui/form-failure';

interface Props {
  t: SettingsText;
  common: CommonText;
  locale: Locale;
}

/** The registered URL and its health, enable again, and a test event. */
export function WebhookEndpointCard({ t, common, locale }: Props) {
  const endpoint = useQuery(webhookQueries.endpoint());
  const queryClient = useQueryClient();
  const toast = useToast();

  const enable = useMutation({
    mutationFn: settingsApi.enableWebhook,
    onSuccess: (data) => {
      queryClient.setQueryData(webhookKeys.endpoint(), data);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() });
      toast(t.enabledToast, 'success');
    },
  });

  const sendTest = useMutation({
    mutationFn: settingsApi.sendTestEvent,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      toast(t.testQueuedToast, 'success');
    },
  });

  const current = endpoint.data;
  return (
    <section aria-labelledby="webhook-heading" className="card stack" data-testid="webhook-endpoint">
      <div className={styles.sectionHeader}>
        <h2 id="webhook-heading">{t.webhookHeading}</h2>
        {current ? <StatusBadge endpoint={current} t={t} /> : null}
      </div>
      <p className="muted">{t.webhookIntro}</p>

      {endpoint.isPending ? <EndpointDetails t={t} locale={locale} endpoint={null} /> : null}
      {endpoint.isError ? <QueryError error={endpoint.error} onRetry={() => endpoint.refetch()} common={common} /> : null}
      {current === null ? <p className="alert alert--info">{t.webhookNone}</p> : null}
      {current ? (
        <>
          {current.status === 'disabled' ? (
            <div className="alert alert--warning row" role="status">
              <span>
                {format(t.webhookDisabledAlert, {
                  time: current.disabled_at ? formatDateTime(current.disabled_at, locale) : '',
                  reason: current.disabled_reason ?? '',
                })}
              </span>
              <button type="button" className="btn btn--small" onClick={() => enable.mutate()} disabled={enable.isPending}>
                {enable.isPending ? t.enabling : t.enable}
              </button>
            </div>
          ) : null}
          <FormFailure message={enable.isError ? errorText(enable.error, common) : null} />
          <EndpointDetails t={t} locale={locale} endpoint={current} />
          <div className="row">
            <button type="button" className="btn" onClick={() => sendTest.mutate()} disabled={sendTest.isPending}>
              {sendTest.isPending ? t.sendingTest : t.sendTest}
            </button>
            {sendTest.isError ? (
              <p role="alert" className="field__error">
                {errorText(sendTest.error, common)}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}

function StatusBadge({ endpoint, t }: { endpoint: WebhookEndpointView; t: SettingsText }) {
  return endpoint.status === 'active' ? (
    <span className="badge badge--success">{t.webhookActive}</span>
  ) : (
    <span className="badge badge--danger">{t.webhookDisabled}</span>
  );
}

/** The health figures; with no endpoint yet, skeletons of the same size (no shift when it arrives). */
function EndpointDetails({ t, locale, endpoint }: { t: SettingsText; locale: Locale; endpoint: WebhookEndpointView | null }) {
  const time = (value: string | null | undefined, none: string) => (value ? formatDateTime(value, locale) : none);
  const rows: [string, ReactNode][] = [
    [t.webhookUrl, endpoint ? <bdi className={`mono ${styles.breakAll}`}>{endpoint.url}</bdi> : null],
    [t.webhookStatus, endpoint ? <StatusBadge endpoint={endpoint} t={t} /> : null],
    [t.webhookLastSuccess, endpoint ? time(endpoint.last_success_at, t.never) : null],
    [t.webhookLastFailure, endpoint ? time(endpoint.last_failure_at, t.never) : null],
    [t.webhookFailingSince, endpoint ? time(endpoint.failing_since, t.notFailing) : null],
    [t.webhookPending, endpoint ? endpoint.pending_deliveries : null],
    [t.webhookRegistered, endpoint ? time(endpoint.created_at, '') : null],
  ];
  return (
    <dl className={styles.details} aria-busy={endpoint === null}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.detailsRow}>
          <dt>{label}</dt>
          <dd>{endpoint ? value : <span className={`skeleton ${styles.skeletonText}`} />}</dd>
        </div>
      ))}
    </dl>
  );
}
