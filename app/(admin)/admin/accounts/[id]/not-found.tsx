import { NotFoundPanel } from '@/components/platform/ui/not-found-panel';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { adminAccountsMessages } from '@/components/platform/i18n/messages/admin-accounts';

// An unknown account id.
export default async function AccountNotFound() {
  const t = messagesFor(adminAccountsMessages, await getLocale());
  return <NotFoundPanel testId="account-not-found" title={t.accountNotFound} backHref="/admin/accounts" backText={t.backToAccounts} />;
}
