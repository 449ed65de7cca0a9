import Link from 'next/link';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/platform/shell/language-switch';
import { NavLinks } from '@/components/platform/shell/nav-links';
import { SignOutButton } from '@/components/platform/shell/sign-out-button';
import { SignOutGate } from '@/components/platform/shell/sign-out-gate';
import type { SessionUser } from '@/lib/platform/shared/auth/schemas';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';

export interface ShellLink {
  href: string;
  text: string;
}

/**
 * The frame of the staff dashboard and the admin console: skip link, header with the audience's
 * navigation, language and sign-out, then the page. A sign-out without connection locks the page
 * at once (no customer or account data left on screen on a computer left behind), says so, and
 * completes when the connection returns or the next time the dashboard is opened in this
 * browser (SignOutGate).
 */
export function AppShell({
  user,
  locale,
  t,
  homeHref,
  links,
  children,
}: {
  user: SessionUser;
  locale: Locale;
  t: CommonText;
  homeHref: string;
  links: ShellLink[];
  children: ReactNode;
}) {
  return (
    <>
      <a href="#main" className="skip-link">
        {t.skipToContent}
      </a>
      <header className="shell-header">
        <Link href={homeHref} className="shell-header__brand">
          {t.appName}
        </Link>
        <NavLinks label={t.navMain} links={links} />
        <div className="shell-header__end">
          <span className="muted shell-header__user" title={user.email ?? (user.phone ? `\u2066${user.phone}\u2069` : undefined)}>
            {format(t.signedInAs, { name: user.name })}
          </span>
          <LanguageSwitch locale={locale} labels={{ language: t.language, en: t.languageEnglish, ar: t.languageArabic }} />
          <SignOutButton label={t.signOut} busyLabel={t.signingOut} />
        </div>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        <SignOutGate text={{ signingOut: t.signingOut, signOutOffline: t.signOutOffline }} signInPath="/login">
          {children}
        </SignOutGate>
      </main>
    </>
  );
}
