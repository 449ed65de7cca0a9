import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { DriverShell } from '@/components/driver/driver-shell';
import { DriverSignInForm, driverReturnPath } from '@/components/driver/driver-sign-in-form';
import { currentUser } from '@/lib/auth/current-user';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { driverMessages } from '@/components/i18n/messages/driver';
import styles from '@/components/driver/driver.module.css';

export const metadata: Metadata = { title: 'Sign in' };

export default async function DriverSignInPage({ searchParams }: { searchParams: Promise<{ next?: string; error?: string }> }) {
  const [user, locale, query] = await Promise.all([currentUser(), getLocale(), searchParams]);
  if (user?.role === 'driver') redirect(driverReturnPath(query.next ?? null));
  const t = messagesFor(driverMessages, locale);
  return (
    <DriverShell locale={locale} driverName={null}>
      <section className={`${styles.card} ${styles.stack}`} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className={styles.pageTitle}>
          {t.signInTitle}
        </h1>
        <p className={styles.muted}>{t.signInIntro}</p>
        <DriverSignInForm t={t} next={query.next ?? null} notice={query.error === 'role' || user ? t.wrongRole : undefined} />
      </section>
    </DriverShell>
  );
}
