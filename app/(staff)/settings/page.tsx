import styles from '@/components/accounts/settings/settings.module.css';
import { DeliveryLog } from '@/components/accounts/settings/delivery-log';
import { SigningSecretCard } from '@/components/accounts/settings/signing-secret-card';
import { WebhookEndpointCard } from '@/components/accounts/settings/webhook-endpoint-card';
import { WebhookRegisterCard } from '@/components/accounts/settings/webhook-register-card';
import { requireStaff } from '@/lib/platform/server/auth/current-user';
import { getEnv } from '@/lib/platform/server/env';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { settingsMessages } from '@/components/platform/i18n/messages/settings';
import { titleFrom } from '@/components/platform/shell/server-page';

export const generateMetadata = titleFrom(settingsMessages, 'pageTitleWebhook');

// /settings — the webhook: endpoint and health, register or replace the URL, signing secret, delivery log.
export default async function WebhookSettingsPage() {
  await requireStaff();
  const locale = await getLocale();
  const t = messagesFor(settingsMessages, locale);
  const common = messagesFor(commonMessages, locale);
  return (
    <div className="stack">
      <div className={`grid-2 ${styles.cards}`}>
        <WebhookEndpointCard t={t} common={common} locale={locale} />
        <div className="stack">
          <WebhookRegisterCard t={t} common={common} />
          <SigningSecretCard t={t} common={common} locale={locale} overlapMs={getEnv().WEBHOOK_SECRET_OVERLAP_MS} />
        </div>
      </div>
      <DeliveryLog t={t} common={common} locale={locale} />
    </div>
  );
}
