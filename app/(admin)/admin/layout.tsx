import type { ReactNode } from 'react';
import { SignInAlertBanner } from '@/components/admin-fleet/sign-in-alert';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { adminMessages } from '@/components/i18n/messages/admin';
import { SignedInLayout } from '@/components/shell/signed-in-layout';

// Every page of the admin console: signed-in platform admins only, under the alert on driver PIN
// guessing (shown only while failures across all phones approach the platform's budget).
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const t = messagesFor(adminMessages, await getLocale());
  return (
    <SignedInLayout audience="admin">
      <SignInAlertBanner t={t} />
      {children}
    </SignedInLayout>
  );
}
