import type { ReactNode } from 'react';
import { SignInAlertBanner } from '@/components/fleet/admin/sign-in-alert';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { adminMessages } from '@/components/platform/i18n/messages/admin';
import { SignedInLayout } from '@/components/platform/shell/signed-in-layout';

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
