import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AccountDetail } from '@/components/admin-accounts/account-detail';
import styles from '@/components/admin-fleet/console.module.css';
import { PageHeader } from '@/components/ui/page-header';
import { getAccountDetail } from '@/lib/accounts/get-account-detail';
import type { AccountDetail as AccountDetailView } from '@/lib/accounts/schemas';
import { requireAdmin } from '@/lib/auth/current-user';
import { ApiError } from '@/lib/http/errors';
import { getLocale } from '@/lib/i18n/get-locale';
import { format, messagesFor } from '@/lib/i18n/messages';
import { adminAccountsMessages } from '@/lib/i18n/messages/admin-accounts';
import { commonMessages } from '@/lib/i18n/messages/common';

interface Props {
  params: Promise<{ id: string }>;
}

/** The account (the read behind GET /api/admin/accounts/{id}), or null: once per request. */
const readAccount = cache(async (id: string): Promise<AccountDetailView | null> => {
  try {
    return await getAccountDetail({ accountId: id });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
});

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
      <Link href="/admin/accounts" className={styles.backLink}>
        {t.backToAccounts}
      </Link>
      <PageHeader title={<bdi>{account.name}</bdi>} intro={<bdi className="mono">{account.id}</bdi>} />
      <AccountDetail initial={account} t={t} common={messagesFor(commonMessages, locale)} locale={locale} />
    </>
  );
}
