import type { ReactNode } from 'react';
import { AppProviders } from '@/components/providers/app-providers';
import { AppShell } from '@/components/shell/app-shell';
import { requireAdmin } from '@/lib/auth/current-user';
import { getLocale } from '@/lib/i18n/get-locale';
import { messagesFor } from '@/lib/i18n/messages';
import { adminMessages } from '@/lib/i18n/messages/admin';
import { commonMessages } from '@/lib/i18n/messages/common';

// Every page of the admin console: signed-in platform admins only.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const [user, locale] = await Promise.all([requireAdmin(), getLocale()]);
  const t = messagesFor(commonMessages, locale);
  const nav = messagesFor(adminMessages, locale);
  return (
    <AppProviders closeLabel={t.close}>
      <AppShell
        user={user}
        locale={locale}
        t={t}
        homeHref="/admin"
        links={[
          { href: '/admin/dispatches', text: nav.navDispatches },
          { href: '/admin/qa', text: nav.navQaQueue },
          { href: '/admin/map', text: nav.navLiveMap },
          { href: '/admin/drivers', text: nav.navDrivers },
          { href: '/admin/fleets', text: nav.navFleets },
          { href: '/admin/accounts', text: nav.navAccounts },
        ]}
      >
        {children}
      </AppShell>
    </AppProviders>
  );
}
