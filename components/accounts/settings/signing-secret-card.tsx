'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { SettingsText } from '@/components/platform/i18n/messages/settings';
import { CopyButton } from '@/components/platform/ui/copy-button';
import { Panel } from '@/components/platform/ui/panel';
import { QueryError } from '@/components/platform/ui/query-error';
import { useConfirmedAction } from '@/components/platform/ui/use-confirmed-action';
import { useToast } from '@/components/platform/ui/toast';
import uiStyles from '@/components/platform/ui/ui.module.css';
import { formatDuration } from './format-duration';
import { settingsApi, webhookKeys, webhookQueries, type WebhookSecret } from './queries';
import styles from './settings.module.css';

const MASK = '•'.repeat(44);

interface Props {
  t: SettingsText;
  common: CommonText;
  locale: Locale;
  /** WEBHOOK_SECRET_OVERLAP_MS: how long the old secret keeps signing after a rotation. */
  overlapMs: number;
}

/** The signing secret: hidden until revealed on purpose, copied, rotated after a confirmation. */
export function SigningSecretCard({ t, common, locale, overlapMs }: Props) {
  const [isRevealed, setRevealed] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const secret = useQuery({ ...webhookQueries.secret(), enabled: isRevealed });

  const hide = () => {
    setRevealed(false);
    queryClient.removeQueries({ queryKey: webhookKeys.secret() });
  };

  const rotate = useConfirmedAction({
    action: () => settingsApi.rotateSecret(),
    onSuccess: ({ webhook_secret, previous_secret_expires_at }) => {
      // The receiver needs the new secret now: show it.
      queryClient.setQueryData<WebhookSecret>(webhookKeys.secret(), { secret: webhook_secret, previous_secret_expires_at });
      setRevealed(true);
      toast(format(t.rotatedToast, { time: formatDateTime(previous_secret_expires_at, locale) }), 'success');
    },
    text: () => ({
      title: t.rotateTitle,
      body: <p>{format(t.rotateBody, { overlap: formatDuration(overlapMs, locale) })}</p>,
      confirmLabel: t.rotateConfirm,
      pendingLabel: t.rotating,
    }),
    common,
    isDestructive: false,
  });

  const value = isRevealed ? secret.data?.secret : undefined;
  return (
    <Panel headingId="secret-heading" title={t.secretHeading} intro={t.secretIntro} testId="signing-secret">
      <div id="secret-value" className={`mono ${styles.secretBox}`} data-testid="secret-value" aria-busy={isRevealed && secret.isPending}>
        {value ?? (
          <>
            <span aria-hidden="true">whsec_{MASK}</span>
            <span className="sr-only">{t.secretMasked}</span>
          </>
        )}
      </div>
      {isRevealed && secret.isError ? <QueryError error={secret.error} onRetry={() => secret.refetch()} common={common} /> : null}
      {isRevealed && secret.data?.previous_secret_expires_at ? (
        <p className="field__hint">{format(t.previousSecretSigns, { time: formatDateTime(secret.data.previous_secret_expires_at, locale) })}</p>
      ) : null}
      <div className="row">
        {/* One button that changes its text, so focus stays on it. */}
        <button type="button" className="btn" onClick={isRevealed ? hide : () => setRevealed(true)} aria-controls="secret-value">
          {isRevealed ? (secret.isPending ? t.revealing : t.hide) : t.reveal}
        </button>
        {value ? <CopyButton value={value} labels={t} /> : null}
        <button type="button" className={`btn btn--danger ${uiStyles.pushEnd}`} onClick={() => rotate.ask(true)}>
          {t.rotate}
        </button>
      </div>

      {rotate.dialog}
    </Panel>
  );
}
