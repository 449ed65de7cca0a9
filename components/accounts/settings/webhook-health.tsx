'use client';

import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { WebhookEndpointView } from '@/lib/webhooks/shared/schemas';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import type { SettingsText } from '@/components/platform/i18n/messages/settings';
import { DetailsList } from '@/components/platform/ui/details-list';
import { FormFailure } from '@/components/platform/ui/form-failure';
import { QueryError, errorText, type QueryErrorText } from '@/components/platform/ui/query-error';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';

// A webhook endpoint's health, the same on the account's settings page and the console's account page.

type HealthText = Pick<SettingsText, 'webhookUrl' | 'webhookLastSuccess' | 'webhookLastFailure' | 'webhookFailingSince' | 'webhookPending' | 'never' | 'notFailing'>;

/**
 * The endpoint's figures (URL, last success and failure, failing since, pending deliveries, and the
 * `extra` rows after the URL); skeletons while it is null.
 */
export function WebhookHealthDetails({
  endpoint,
  t,
  locale,
  extra = [],
  registeredLabel,
}: {
  endpoint: WebhookEndpointView | null;
  t: HealthText;
  locale: Locale;
  extra?: [string, ReactNode][];
  /** With it, a last row: when the URL was registered. */
  registeredLabel?: string;
}) {
  const isHydrated = useIsHydrated();
  const time = (value: string | null | undefined, none: string) => (value ? (isHydrated ? formatDateTime(value, locale) : '') : none);
  const rows: [string, ReactNode][] = [
    [t.webhookUrl, <bdi key="url" className="mono">{endpoint?.url}</bdi>],
    ...extra,
    [t.webhookLastSuccess, time(endpoint?.last_success_at, t.never)],
    [t.webhookLastFailure, time(endpoint?.last_failure_at, t.never)],
    [t.webhookFailingSince, time(endpoint?.failing_since, t.notFailing)],
    [t.webhookPending, <span key="pending" data-testid="webhook-pending">{endpoint?.pending_deliveries}</span>],
  ];
  if (registeredLabel) rows.push([registeredLabel, time(endpoint?.created_at, '')]);
  return <DetailsList rows={rows} isLoading={endpoint === null} />;
}

/**
 * What is known of the endpoint: why it could not be read (with a retry), that none is registered,
 * a disabled one's `disabledMessage` with its "Enable again" button (the ops API's enable: pending
 * deliveries are sent), and its figures (skeletons while it loads).
 */
export function WebhookEndpointState({
  endpoint,
  enable,
  t,
  common,
  locale,
  disabledMessage,
  extra,
  registeredLabel,
}: {
  endpoint: Pick<UseQueryResult<WebhookEndpointView | null>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  enable: Pick<UseMutationResult<unknown, Error, void>, 'mutate' | 'isPending' | 'isError' | 'error'>;
  t: HealthText & Pick<SettingsText, 'webhookNone' | 'enable' | 'enabling'>;
  common: QueryErrorText;
  locale: Locale;
  disabledMessage: (endpoint: WebhookEndpointView) => ReactNode;
  extra?: (endpoint: WebhookEndpointView | null) => [string, ReactNode][];
  registeredLabel?: string;
}) {
  const current = endpoint.data;
  return (
    <>
      {endpoint.isError ? <QueryError error={endpoint.error} onRetry={() => endpoint.refetch()} common={common} /> : null}
      {current === null ? <p className="alert alert--info">{t.webhookNone}</p> : null}
      {current?.status === 'disabled' ? (
        <div className="alert alert--warning row" role="status" data-testid="webhook-disabled">
          <span>{disabledMessage(current)}</span>
          <button type="button" className="btn btn--small btn--primary" onClick={() => enable.mutate()} disabled={enable.isPending}>
            {enable.isPending ? t.enabling : t.enable}
          </button>
        </div>
      ) : null}
      <FormFailure message={enable.isError ? errorText(enable.error, common) : null} />
      {current || endpoint.isPending ? <WebhookHealthDetails endpoint={current ?? null} t={t} locale={locale} extra={extra?.(current ?? null)} registeredLabel={registeredLabel} /> : null}
    </>
  );
}
