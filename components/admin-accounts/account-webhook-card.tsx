'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { AdminAccountsText } from '@/lib/i18n/messages/admin-accounts';
import { DisableWebhookBodySchema, type DisableWebhookBody, type WebhookEndpointView } from '@/lib/webhooks/schemas';
import styles from '@/components/admin-fleet/console.module.css';
import { Dialog } from '@/components/settings/dialog';
import { Field } from '@/components/ui/field';
import { FormFailure } from '@/components/ui/form-failure';
import { QueryError, errorText } from '@/components/ui/query-error';
import { useToast } from '@/components/ui/toast';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import type { AccountCardProps } from './account-detail';
import { accountKeys, accountQueries, accountApi } from './queries';

type Health = 'healthy' | 'failing' | 'disabled';

function healthOf(endpoint: WebhookEndpointView): Health {
  if (endpoint.status === 'disabled') return 'disabled';
  return endpoint.failing_since ? 'failing' : 'healthy';
}

function HealthBadge({ endpoint, t }: { endpoint: WebhookEndpointView; t: AdminAccountsText }) {
  const health = healthOf(endpoint);
  const [tone, text] = {
    healthy: ['badge badge--success', t.webhookHealthy],
    failing: ['badge badge--warning', t.webhookFailing],
    disabled: ['badge badge--danger', t.webhookDisabled],
  }[health];
  return (
    <span className={tone} data-testid="webhook-health" data-health={health}>
      {text}
    </span>
  );
}

/** The account's endpoint and its health: the reason it was disabled, enable again, or pause it. */
export function AccountWebhookCard({ accountId, t, common, locale }: AccountCardProps) {
  const endpoint = useQuery(accountQueries.webhook(accountId));
  const queryClient = useQueryClient();
  const toast = useToast();
  const [isPauseOpen, setPauseOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const enable = useMutation({
    mutationFn: () => accountApi.enableWebhook(accountId),
    onSuccess: (data) => {
      queryClient.setQueryData(accountKeys.webhook(accountId), data);
      toast(t.enabledToast, 'success');
    },
  });

  const current = endpoint.data;
  return (
    <section aria-labelledby="account-webhook-heading" className="card stack" data-testid="account-webhook">
      <div className={styles.sectionHeader}>
        <h2 id="account-webhook-heading" ref={headingRef} tabIndex={-1}>
          {t.webhookHeading}
        </h2>
        {current ? <HealthBadge endpoint={current} t={t} /> : null}
      </div>
      {endpoint.isError ? <QueryError error={endpoint.error} onRetry={() => endpoint.refetch()} common={common} /> : null}
      {current === null ? <p className="alert alert--info">{t.webhookNone}</p> : null}
      {current?.status === 'disabled' ? (
        <div className="alert alert--warning row" role="status" data-testid="webhook-disabled">
          <span>
            <DisabledReason endpoint={current} t={t} locale={locale} />
          </span>
          <button type="button" className="btn btn--small btn--primary" onClick={() => enable.mutate()} disabled={enable.isPending}>
            {enable.isPending ? t.enabling : t.enable}
          </button>
        </div>
      ) : null}
      <FormFailure message={enable.isError ? errorText(enable.error, common) : null} />
      {current === undefined && endpoint.isPending ? <EndpointDetails endpoint={null} t={t} locale={locale} /> : null}
      {current ? (
        <>
          <EndpointDetails endpoint={current} t={t} locale={locale} />
          {current.status === 'active' ? (
            <div className={styles.formActions}>
              <button type="button" className="btn btn--danger" onClick={() => setPauseOpen(true)}>
                {t.pause}
              </button>
            </div>
          ) : null}
        </>
      ) : null}
      <Dialog isOpen={isPauseOpen} onClose={() => setPauseOpen(false)} title={t.pauseTitle} fallbackFocusRef={headingRef}>
        {isPauseOpen ? <PauseForm accountId={accountId} t={t} common={common} onDone={() => setPauseOpen(false)} /> : null}
      </Dialog>
    </section>
  );
}

function DisabledReason({ endpoint, t, locale }: { endpoint: WebhookEndpointView; t: AdminAccountsText; locale: Locale }) {
  const isHydrated = useIsHydrated();
  return (
    <>
      {format(t.disabledReason, {
        time: isHydrated && endpoint.disabled_at ? formatDateTime(endpoint.disabled_at, locale) : '',
        reason: endpoint.disabled_reason ?? '—',
      })}
    </>
  );
}

function EndpointDetails({ endpoint, t, locale }: { endpoint: WebhookEndpointView | null; t: AdminAccountsText; locale: Locale }) {
  const isHydrated = useIsHydrated();
  const time = (value: string | null | undefined, none: string) => (value ? (isHydrated ? formatDateTime(value, locale) : '') : none);
  const rows: [string, ReactNode][] = endpoint
    ? [
        [t.webhookUrl, <bdi key="url" className="mono">{endpoint.url}</bdi>],
        [t.webhookLastSuccess, time(endpoint.last_success_at, t.never)],
        [t.webhookLastFailure, time(endpoint.last_failure_at, t.never)],
        [t.webhookFailingSince, time(endpoint.failing_since, t.notFailing)],
        [t.webhookPending, <span key="pending" data-testid="webhook-pending">{endpoint.pending_deliveries}</span>],
      ]
    : [t.webhookUrl, t.webhookLastSuccess, t.webhookLastFailure, t.webhookFailingSince, t.webhookPending].map((label) => [label, null]);
  return (
    <dl className={styles.details} aria-busy={endpoint === null}>
      {rows.map(([label, value], index) => (
        <div key={label} className={index === 0 ? styles.detailsWide : undefined}>
          <dt>{label}</dt>
          <dd>{endpoint ? value : <span className={`skeleton ${styles.skeletonText}`} />}</dd>
        </div>
      ))}
    </dl>
  );
}

function PauseForm({ accountId, t, common, onDone }: { accountId: string; t: AdminAccountsText; common: AccountCardProps['common']; onDone: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DisableWebhookBody>({ resolver: localizedZodResolver(DisableWebhookBodySchema), defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      const data = await accountApi.disableWebhook(accountId, reason);
      queryClient.setQueryData(accountKeys.webhook(accountId), data);
      toast(t.pausedToast, 'success');
      onDone();
    } catch (error) {
      if (!placeFieldErrors(error, ['reason'], setError)) setFailure(errorText(error, common));
    }
  });

  return (
    <form noValidate className="stack" onSubmit={onSubmit}>
      <p>{t.pauseBody}</p>
      <Field id="pause-reason" label={t.pauseReason} hint={t.pauseReasonHint} error={errors.reason?.message}>
        {(aria) => <input {...aria} className="input" autoComplete="off" data-autofocus {...register('reason')} />}
      </Field>
      <FormFailure message={failure} />
      <div className={styles.dialogActions}>
        <button type="button" className="btn" onClick={onDone}>
          {common.cancel}
        </button>
        <button type="submit" className="btn btn--danger" disabled={isSubmitting}>
          {isSubmitting ? t.pausing : t.pause}
        </button>
      </div>
    </form>
  );
}
