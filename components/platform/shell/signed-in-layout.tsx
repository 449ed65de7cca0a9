import type { ReactNode } from 'react';
import { AppProviders } from '@/components/platform/providers/app-providers';
import { AppShell, type ShellLink } from '@/components/platform/shell/app-shell';
import { requireAdmin, requireStaff } from '@/lib/platform/server/auth/current-user';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { adminMessages } from '@/components/platform/i18n/messages/admin';
import { commonMessages, type CommonText } from '@/components/platform/i18n/messages/common';
import type { Locale } from '@/components/platform/i18n/locale';
import type { SessionUser } from '@/lib/platform/shared/auth/schemas';

type Audience = 'staff' | 'admin';

/** Each audience's sign-in check, home and navigation. */
const AUDIENCES: Record<Audience, { requireUser: () => Promise<SessionUser>; homeHref: string; links: (t: CommonText, locale: Locale) => ShellLink[] }> = {
  staff: {
    requireUser: requireStaff,
    homeHref: '/dispatches',
    links: (t) => [
      { href: '/dispatches', text: t.navDispatches },
      { href: '/dispatches/new', text: t.navNewDispatch },
      { href: '/settings', text: t.navSettings },
    ],
  },
  admin: {
    requireUser: requireAdmin,
    homeHref: '/admin',
    links: (_, locale) => {
      const nav = messagesFor(adminMessages, locale);
      return [
        { href: '/admin/dispatches', text: nav.navDispatches },
        { href: '/admin/qa', text: nav.navQaQueue },
        { href: '/admin/map', text: nav.navLiveMap },
        { href: '/admin/drivers', text: nav.navDrivers },
        { href: '/admin/fleets', text: nav.navFleets },
        { href: '/admin/accounts', text: nav.navAccounts },
      ];
    },
  },
};

/** The layout of every signed-in page of an audience: its user only, the providers, the frame with its navigation. */
export async function SignedInLayout({ audience, children }: { audience: Audience; children: ReactNode }) {
  const { requireUser, homeHref, links } = AUDIENCES[audience];
  const [user, locale] = await Promise.all([requireUser(), getLocale()]);
  const t = messagesFor(commonMessages, locale);
  return (
    <AppProviders closeLabel={t.close}>
      <AppShell user={user} locale={locale} t={t} homeHref={homeHref} links={links(t, locale)}>
        {children}
      </AppShell>
    </AppProviders>
  );
}
