import type { ReactNode } from 'react';
import { AppProviders } from '@/components/providers/app-providers';
import { AppShell } from '@/components/shell/app-shell';
import { requireStaff } from '@/lib/auth/current-user';
import { getLocale } from '@/lib/i18n/get-locale';
import { messagesFor } from '@/lib/i18n/messages';
import { commonMessages } from '@/lib/i18n/messages/common';

// Every page of the restaurant dashboard: signed-in staff only.
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const [user, locale] = await Promise.all([requireStaff(), getLocale()]);
  const t = messagesFor(commonMessages, locale);
  return (
    <AppProviders closeLabel={t.close}>
      <AppShell
        user={user}
        locale={locale}
        t={t}
        homeHref="/dispatches"
        links={[
          { href: '/dispatches', text: t.navDispatches },
          { href: '/dispatches/new', text: t.navNewDispatch },
          { href: '/settings', text: t.navSettings },
        ]}
      >
        {children}
      </AppShell>
    </AppProviders>
  );
}
