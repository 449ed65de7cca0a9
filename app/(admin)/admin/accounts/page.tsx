import type { Metadata } from 'next';
import { AccountsPage } from '@/components/admin-accounts/accounts-page';
import { PageHeader } from '@/components/ui/page-header';
import { requireAdmin } from '@/lib/auth/current-user';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { adminAccountsMessages } from '@/components/i18n/messages/admin-accounts';
import { commonMessages } from '@/components/i18n/messages/common';

export async function generateMetadata(): Promise<Metadata> {
  return { title: messagesFor(adminAccountsMessages, await getLocale()).accountsPageTitle };
}

// /admin/accounts — every vendor account: search, paging; create one (key and secret shown once).
export default async function AdminAccountsPage() {
  const [, locale] = await Promise.all([requireAdmin(), getLocale()]);
  const t = messagesFor(adminAccountsMessages, locale);
  return (
    <>
      <PageHeader title={t.accountsTitle} intro={t.accountsIntro} />
      <AccountsPage t={t} common={messagesFor(commonMessages, locale)} locale={locale} />
    </>
  );
}
