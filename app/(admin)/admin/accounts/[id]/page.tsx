import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AccountDetail } from '@/components/admin-accounts/account-detail';
import { RecordHeader } from '@/components/ui/page-header';
import { getAccountDetail } from '@/lib/accounts/get-account-detail';
import type { AccountDetail as AccountDetailView } from '@/lib/accounts/schemas';
import { requireAdmin } from '@/lib/auth/current-user';
import { nullIfNotFound } from '@/lib/errors/null-if-not-found';
import { getLocale } from '@/components/i18n/get-locale';
import { format, messagesFor } from '@/components/i18n/messages';
import { adminAccountsMessages } from '@/components/i18n/messages/admin-accounts';
import { commonMessages } from '@/components/i18n/messages/common';

interface Props {
  params: Promise<{ id: string }>;
}

/** The account (the read behind GET /api/admin/accounts/{id}), or null: once per request. */
const readAccount = cache((id: string): Promise<AccountDetailView | null> => nullIfNotFound(getAccountDetail({ accountId: id })));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, , locale] = await Promise.all([params, requireAdmin(), getLocale()]);
  const t = messagesFor(adminAccountsMessages, locale);
  const account = await readAccount(id);
  return { title: account ? format(t.accountPageTitle, { name: account.name }) : t.accountNotFound };
}

// /admin/accounts/{id} — modes, tariff, webhook health (pause, re-enable), API keys, staff sign-ins.
export default async function AdminAccountPage({ params }: Props) {
  const [{ id }, , locale] = await Promise.all([params, requireAdmin(), getLocale()]);
  const account = await readAccount(id);
  if (!account) notFound();
  const t = messagesFor(adminAccountsMessages, locale);
  return (
    <>
      <RecordHeader backHref="/admin/accounts" backText={t.backToAccounts} name={account.name} id={account.id} />
      <AccountDetail initial={account} t={t} common={messagesFor(commonMessages, locale)} locale={locale} />
    </>
  );
}
