import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { DriverSignInForm } from '@/components/fleet/driver/driver-sign-in-form';
import { SignInPanel } from '@/components/fleet/driver/sign-in-panel';
import { driverReturnPath } from '@/components/fleet/driver/return-path';
import { currentUser } from '@/lib/platform/server/auth/current-user';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { driverMessages } from '@/components/platform/i18n/messages/driver';

export const metadata: Metadata = { title: 'Sign in' };

export default async function DriverSignInPage({ searchParams }: { searchParams: Promise<{ next?: string; error?: string; unsent?: string }> }) {
  const [user, locale, query] = await Promise.all([currentUser(), getLocale(), searchParams]);
  if (user?.role === 'driver') redirect(driverReturnPath(query.next ?? null));
  const t = messagesFor(driverMessages, locale);
  // A sign-out that finished after the session had ended elsewhere: what the phone could not send.
  const unsent = Number.parseInt(query.unsent ?? '', 10);
  const notice =
    query.error === 'role' || user ? t.wrongRole : Number.isSafeInteger(unsent) && unsent > 0 ? format(t.unsentAfterSignOut, { count: unsent }) : undefined;
  return (
    <SignInPanel locale={locale} titleId="sign-in-title" title={t.signInTitle} intro={t.signInIntro}>
      <DriverSignInForm t={t} next={query.next ?? null} notice={notice} />
    </SignInPanel>
  );
}
