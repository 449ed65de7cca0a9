import Link from 'next/link';
import { getLocale } from '@/lib/i18n/get-locale';
import { messagesFor } from '@/lib/i18n/messages';
import { adminAccountsMessages } from '@/lib/i18n/messages/admin-accounts';

// An unknown account id.
export default async function AccountNotFound() {
  const t = messagesFor(adminAccountsMessages, await getLocale());
  return (
    <div className="stack" data-testid="account-not-found">
      <h1>{t.accountNotFound}</h1>
      <p>
        <Link href="/admin/accounts" className="btn">
          {t.backToAccounts}
        </Link>
      </p>
    </div>
  );
}
