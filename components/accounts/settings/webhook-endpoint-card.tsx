'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { SettingsText } from '@/components/platform/i18n/messages/settings';
import type { WebhookEndpointView } from '@/lib/webhooks/shared/schemas';
import { Panel } from '@/components/platform/ui/panel';
import { errorText } from '@/components/platform/ui/query-error';
import { useToast } from '@/components/platform/ui/toast';
import { useConfirmedAction } from '@/components/platform/ui/use-confirmed-action';
import { settingsApi, webhookKeys, webhookQueries } from './queries';
import { WebhookEndpointState } from './webhook-health';

/** The registered URL and its health, enable again, a test event, and removal (after a confirmation). */
export function WebhookEndpointCard({ t, common, locale }: { t: SettingsText; common: CommonText; locale: Locale }) {
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

  const remove = useConfirmedAction<WebhookEndpointView>({
    action: () => settingsApi.removeWebhook(),
    onSuccess: () => {
      queryClient.setQueryData(webhookKeys.endpoint(), null);
      toast(t.removedToast, 'success');
      return queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
    text: (target) => ({
      title: t.removeWebhookTitle,
      body: <p>{format(t.removeWebhookBody, { url: target?.url ?? '' })}</p>,
      confirmLabel: t.removeWebhook,
      pendingLabel: t.removingWebhook,
    }),
    common,
  });

  const current = endpoint.data;
  return (
    <Panel headingId="webhook-heading" title={t.webhookHeading} intro={t.webhookIntro} headerEnd={current ? <StatusBadge endpoint={current} t={t} /> : null} testId="webhook-endpoint">
      <WebhookEndpointState
        endpoint={endpoint} enable={enable} t={t} common={common} locale={locale}
        disabledMessage={(disabled) => format(t.webhookDisabledAlert, { time: disabled.disabled_at ? formatDateTime(disabled.disabled_at, locale) : '', reason: disabled.disabled_reason ?? '' })}
        extra={(shown) => [[t.webhookStatus, shown ? <StatusBadge endpoint={shown} t={t} /> : null]]}
        registeredLabel={t.webhookRegistered}
      />
      {current ? (
        <div className="row">
          <button type="button" className="btn" onClick={() => sendTest.mutate()} disabled={sendTest.isPending}>
            {sendTest.isPending ? t.sendingTest : t.sendTest}
          </button>
          <button type="button" className="btn btn--danger" onClick={() => remove.ask(current)} data-testid="webhook-remove">
            {t.removeWebhook}
          </button>
          {sendTest.isError ? (
            <p role="alert" className="field__error">
              {errorText(sendTest.error, common)}
            </p>
          ) : null}
        </div>
      ) : null}
      {remove.dialog}
    </Panel>
  );
}

function StatusBadge({ endpoint, t }: { endpoint: WebhookEndpointView; t: SettingsText }) {
  return endpoint.status === 'active' ? (
    <span className="badge badge--success">{t.webhookActive}</span>
  ) : (
    <span className="badge badge--danger">{t.webhookDisabled}</span>
  );
}
