import { AccountsPage } from '@/components/accounts/admin/accounts-page';
import { adminPageText, titleFrom } from '@/components/platform/shell/server-page';
import { PageHeader } from '@/components/platform/ui/page-header';
import { adminAccountsMessages } from '@/components/platform/i18n/messages/admin-accounts';

export const generateMetadata = titleFrom(adminAccountsMessages, 'accountsPageTitle');

// /admin/accounts — every vendor account: search, paging; create one (key and secret shown once).
export default async function AdminAccountsPage() {
  const { locale, t, common } = await adminPageText(adminAccountsMessages);
  return (
    <>
      <PageHeader title={t.accountsTitle} intro={t.accountsIntro} />
      <AccountsPage t={t} common={common} locale={locale} />
    </>
  );
}
