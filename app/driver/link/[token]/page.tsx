import type { Metadata } from 'next';
import { LinkSignIn } from '@/components/fleet/driver/link-sign-in';
import { SignInPanel } from '@/components/fleet/driver/sign-in-panel';
import { currentUser } from '@/lib/platform/server/auth/current-user';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { driverMessages } from '@/components/platform/i18n/messages/driver';

// The link is a credential until used: never indexed, never sent on as a Referer. Opening the
// page spends nothing; the button does (POST /api/session/link).
export const metadata: Metadata = { title: 'Sign in', robots: { index: false, follow: false }, referrer: 'no-referrer' };

export default async function DriverLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const [{ token }, locale, user] = await Promise.all([params, getLocale(), currentUser()]);
  const t = messagesFor(driverMessages, locale);
  return (
    <SignInPanel locale={locale} titleId="link-title" title={t.linkTitle} intro={t.linkIntro}>
      {/* A phone still signed in (another driver's, or the same one's) signs that session out first. */}
      <LinkSignIn token={token} t={t} signedIn={user ? { driverId: user.driverId } : null} />
    </SignInPanel>
  );
}
