'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { AdminAccountsText } from '@/components/platform/i18n/messages/admin-accounts';
import { DisableWebhookBodySchema, type DisableWebhookBody, type WebhookEndpointView } from '@/lib/webhooks/shared/schemas';
import { WebhookEndpointState } from '@/components/accounts/settings/webhook-health';
import { Dialog } from '@/components/platform/ui/dialog';
import { Field } from '@/components/platform/ui/field';
import { FormPanel, Panel } from '@/components/platform/ui/panel';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useToast } from '@/components/platform/ui/toast';
import styles from '@/components/platform/ui/ui.module.css';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
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
    <Panel headingId="account-webhook-heading" title={t.webhookHeading} headingRef={headingRef} headerEnd={current ? <HealthBadge endpoint={current} t={t} /> : null} testId="account-webhook">
      <WebhookEndpointState endpoint={endpoint} enable={enable} t={t} common={common} locale={locale} disabledMessage={(disabled) => <DisabledReason endpoint={disabled} t={t} locale={locale} />} />
      {current?.status === 'active' ? (
        <div className={styles.formActions}>
          <button type="button" className="btn btn--danger" onClick={() => setPauseOpen(true)}>
            {t.pause}
          </button>
        </div>
      ) : null}
      <Dialog isOpen={isPauseOpen} onClose={() => setPauseOpen(false)} title={t.pauseTitle} fallbackFocusRef={headingRef}>
        {isPauseOpen ? <PauseForm accountId={accountId} t={t} common={common} onDone={() => setPauseOpen(false)} /> : null}
      </Dialog>
    </Panel>
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

function PauseForm({ accountId, t, common, onDone }: { accountId: string; t: AdminAccountsText; common: AccountCardProps['common']; onDone: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const api = useApiForm<DisableWebhookBody>({
    resolver: localizedZodResolver(DisableWebhookBodySchema),
    defaultValues: { reason: '' },
    fields: ['reason'],
    common,
    submit: async ({ reason }) => {
      const data = await accountApi.disableWebhook(accountId, reason);
      queryClient.setQueryData(accountKeys.webhook(accountId), data);
      toast(t.pausedToast, 'success');
      onDone();
    },
  });
  const { form } = api;
  const { errors } = form.formState;

  return (
    <FormPanel api={api} variant="plain" submitLabel={t.pause} pendingLabel={t.pausing} isDanger cancelLabel={common.cancel} onCancel={onDone}>
      <p>{t.pauseBody}</p>
      <Field id="pause-reason" label={t.pauseReason} hint={t.pauseReasonHint} error={errors.reason?.message}>
        {(aria) => <input {...aria} className="input" autoComplete="off" data-autofocus {...form.register('reason')} />}
      </Field>
    </FormPanel>
  );
}
