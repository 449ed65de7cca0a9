import { AccountDetail } from '@/components/accounts/admin/account-detail';
import { recordPage, type RecordPageProps } from '@/components/platform/shell/server-page';
import { RecordHeader } from '@/components/platform/ui/page-header';
import { getAccountDetail } from '@/lib/accounts/server/get-account-detail';
import { requireAdmin } from '@/lib/platform/server/auth/current-user';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { adminAccountsMessages } from '@/components/platform/i18n/messages/admin-accounts';
import { commonMessages } from '@/components/platform/i18n/messages/common';

/** The account (the read behind GET /api/admin/accounts/{id}). */
const page = recordPage({
  caller: requireAdmin,
  read: (id) => getAccountDetail({ accountId: id }),
  title: (account, locale) => {
    const t = messagesFor(adminAccountsMessages, locale);
    return account ? format(t.accountPageTitle, { name: account.name }) : t.accountNotFound;
  },
});

export const generateMetadata = page.generateMetadata;

// /admin/accounts/{id} — modes, tariff, webhook health (pause, re-enable), API keys, staff sign-ins.
export default async function AdminAccountPage({ params }: RecordPageProps) {
  const { record: account, locale } = await page.load(params);
  const t = messagesFor(adminAccountsMessages, locale);
  return (
    <>
      <RecordHeader backHref="/admin/accounts" backText={t.backToAccounts} name={account.name} id={account.id} />
      <AccountDetail initial={account} t={t} common={messagesFor(commonMessages, locale)} locale={locale} />
    </>
  );
}
