'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { ApiClientError } from '@/lib/client/api-fetch';
import { fieldErrorsOf } from '@/lib/http/field-errors';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import { RegisterWebhookBodySchema } from '@/lib/webhooks/schemas';
import { useToast } from '@/components/ui/toast';
import { errorText } from '@/components/ui/query-error';
import { settingsApi, webhookKeys, webhookQueries } from './queries';
import styles from './settings.module.css';
import { FormFailure } from '@/components/ui/form-failure';

type RegisterForm = z.infer<typeof RegisterWebhookBodySchema>;

/** Register or replace the URL: the server pings it, and a refusal is shown on the field with its reason. */
export function WebhookRegisterCard({ t, common }: { t: SettingsText; common: CommonText }) {
  const endpoint = useQuery(webhookQueries.endpoint());
  const hasEndpoint = Boolean(endpoint.data);
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
  } = useForm<RegisterForm>({ resolver: localizedZodResolver(RegisterWebhookBodySchema) });

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
    <form onSubmit={onSubmit} noValidate className="card stack" aria-labelledby="register-heading" aria-busy={isSubmitting}>
      <h2 id="register-heading">{hasEndpoint ? t.replaceHeading : t.registerHeading}</h2>
      <div className="field">
        <label htmlFor="webhook-url">{t.registerUrl}</label>
        <div className={styles.inputRow}>
          <input
            id="webhook-url"
            type="url"
            dir="ltr"
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
      <FormFailure message={failure} />
    </form>
  );
}
