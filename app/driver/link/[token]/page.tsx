import type { Metadata } from 'next';
import { DriverShell } from '@/components/driver/driver-shell';
import { LinkSignIn } from '@/components/driver/link-sign-in';
import { currentUser } from '@/lib/auth/current-user';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { driverMessages } from '@/components/i18n/messages/driver';
import styles from '@/components/driver/driver.module.css';

// The link is a credential until used: never indexed, never sent on as a Referer. Opening the
// page spends nothing; the button does (POST /api/session/link).
export const metadata: Metadata = { title: 'Sign in', robots: { index: false, follow: false }, referrer: 'no-referrer' };

export default async function DriverLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const [{ token }, locale, user] = await Promise.all([params, getLocale(), currentUser()]);
  const t = messagesFor(driverMessages, locale);
  return (
    <DriverShell locale={locale} driver={null}>
      <section className={`${styles.card} ${styles.stack}`} aria-labelledby="link-title">
        <h1 id="link-title" className={styles.pageTitle}>
          {t.linkTitle}
        </h1>
        <p className={styles.muted}>{t.linkIntro}</p>
        {/* A phone still signed in (another driver's, or the same one's) signs that session out first. */}
        <LinkSignIn token={token} t={t} signedIn={user ? { driverId: user.driverId } : null} />
      </section>
    </DriverShell>
  );
}
