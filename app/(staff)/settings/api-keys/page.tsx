import { ApiKeysPanel } from '@/components/accounts/settings/api-keys-panel';
import { requireStaff } from '@/lib/platform/server/auth/current-user';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { settingsMessages } from '@/components/platform/i18n/messages/settings';
import { titleFrom } from '@/components/platform/shell/server-page';

export const generateMetadata = titleFrom(settingsMessages, 'pageTitleApiKeys');

// /settings/api-keys — the account's API keys.
export default async function ApiKeysSettingsPage() {
  await requireStaff();
  const locale = await getLocale();
  return <ApiKeysPanel t={messagesFor(settingsMessages, locale)} common={messagesFor(commonMessages, locale)} locale={locale} />;
}
