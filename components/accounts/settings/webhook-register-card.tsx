'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { fieldErrorsOf } from '@/components/platform/client/field-errors';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { SettingsText } from '@/components/platform/i18n/messages/settings';
import { RegisterWebhookBodySchema } from '@/lib/webhooks/shared/schemas';
import { Field } from '@/components/platform/ui/field';
import { FormPanel } from '@/components/platform/ui/panel';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useToast } from '@/components/platform/ui/toast';
import styles from '@/components/platform/ui/ui.module.css';
import { settingsApi, webhookKeys, webhookQueries } from './queries';

type RegisterForm = z.infer<typeof RegisterWebhookBodySchema>;

/** Register or replace the URL: the server pings it, and a refusal is shown on the field with its reason. */
export function WebhookRegisterCard({ t, common }: { t: SettingsText; common: CommonText }) {
  const endpoint = useQuery(webhookQueries.endpoint());
  const hasEndpoint = Boolean(endpoint.data);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [hasSucceeded, setHasSucceeded] = useState(false);
  const api = useApiForm<RegisterForm>({
    resolver: localizedZodResolver(RegisterWebhookBodySchema),
    fields: [],
    common,
    submit: async ({ webhook }, { setError, reset }) => {
      setHasSucceeded(false);
      try {
        await settingsApi.registerWebhook(webhook);
      } catch (error) {
        const reason = error instanceof ApiClientError && error.status === 400 ? fieldErrorsOf(error.message).webhook : undefined;
        if (!reason || !(error instanceof ApiClientError)) throw error;
        setError('webhook', { message: error.code === 'webhook_unreachable' ? format(t.pingRefused, { reason }) : reason }, { shouldFocus: true });
        return;
      }
      setHasSucceeded(true);
      reset();
      toast(t.registeredToast, 'success');
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
  const { form } = api;
  const { errors, isSubmitting } = form.formState;

  return (
    <FormPanel api={api} heading={{ headingId: 'register-heading', title: hasEndpoint ? t.replaceHeading : t.registerHeading }} actions={null} isBusy={isSubmitting}>
      <Field id="webhook-url" label={t.registerUrl} hint={t.registerHint} error={errors.webhook?.message} errorTestId="webhook-url-error">
        {(aria) => (
          <div className={styles.inputRow}>
            <input
              {...aria}
              type="url"
              dir="ltr"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              className="input"
              {...form.register('webhook', { onChange: () => setHasSucceeded(false) })}
            />
            <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
              {isSubmitting ? t.registering : hasEndpoint ? t.replace : t.register}
            </button>
          </div>
        )}
      </Field>
      {hasSucceeded ? (
        <p role="status" className="alert alert--info" data-testid="ping-result">
          {t.pingSucceeded}
        </p>
      ) : null}
    </FormPanel>
  );
}
