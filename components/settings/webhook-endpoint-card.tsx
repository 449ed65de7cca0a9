'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiClientError } from '@/lib/client/api-fetch';
import { fieldErrorsOf } from '@/lib/http/field-errors';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import { RegisterWebhookBodySchema, type WebhookEndpointView } from '@/lib/webhooks/schemas';
import { useToast } from '@/components/ui/toast';
import { QueryError, errorText } from './query-error';
import { settingsApi, webhookKeys, webhookQueries } from './queries';
import styles from './settings.module.css';

type RegisterForm = z.infer<typeof RegisterWebhookBodySchema>;

interface Props {
  t: SettingsText;
  common: CommonText;
  locale: Locale;
}

/** The registered URL and its health, the register/replace form, enable again, and a test event. */
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
          {enable.isError ? (
            <p role="alert" className="alert alert--error">
              {errorText(enable.error, common)}
            </p>
          ) : null}
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

      <RegisterForm t={t} common={common} hasEndpoint={Boolean(current)} />
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
    [t.webhookUrl, endpoint ? <span className={`mono ${styles.breakAll}`}>{endpoint.url}</span> : null],
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

/** Register or replace the URL: the server pings it, and a refusal is shown on the field with its reason. */
function RegisterForm({ t, common, hasEndpoint }: { t: SettingsText; common: CommonText; hasEndpoint: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [hasSucceeded, setHasSucceeded] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({ resolver: zodResolver(RegisterWebhookBodySchema) });

  const onSubmit = handleSubmit(async ({ webhook }) => {
    setHasSucceeded(false);
    setFailure(null);
    try {
      await settingsApi.registerWebhook(webhook);
    } catch (error) {
      const reason = error instanceof ApiClientError && error.status === 400 ? fieldErrorsOf(error.message).webhook : undefined;
      if (reason && error instanceof ApiClientError) {
        const message = error.code === 'webhook_unreachable' ? format(t.pingRefused, { reason }) : reason;
        setError('webhook', { message }, { shouldFocus: true });
      } else {
        setFailure(errorText(error, common));
      }
      return;
    }
    setHasSucceeded(true);
    reset();
    toast(t.registeredToast, 'success');
    await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  });

  return (
    <form onSubmit={onSubmit} noValidate className={`stack ${styles.subform}`} aria-busy={isSubmitting}>
      <div className="field">
        <label htmlFor="webhook-url">{t.registerUrl}</label>
        <div className={styles.inputRow}>
          <input
            id="webhook-url"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            className="input"
            aria-invalid={errors.webhook ? true : undefined}
            aria-describedby={errors.webhook ? 'webhook-url-hint webhook-url-error' : 'webhook-url-hint'}
            {...register('webhook', { onChange: () => setHasSucceeded(false) })}
          />
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? t.registering : hasEndpoint ? t.replace : t.register}
          </button>
        </div>
        <p id="webhook-url-hint" className="field__hint">
          {t.registerHint}
        </p>
        {errors.webhook ? (
          <p id="webhook-url-error" className="field__error" data-testid="webhook-url-error">
            {errors.webhook.message}
          </p>
        ) : null}
      </div>
      {hasSucceeded ? (
        <p role="status" className="alert alert--info" data-testid="ping-result">
          {t.pingSucceeded}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="alert alert--error">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
