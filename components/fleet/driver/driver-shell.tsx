import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/platform/shell/language-switch';
import { SignOutButton } from '@/components/platform/shell/sign-out-button';
import type { Locale } from '@/components/platform/i18n/locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { driverMessages } from '@/components/platform/i18n/messages/driver';
import { DriverLink } from './driver-link';
import { DriverSignOutGate } from './driver-sign-out-gate';
import { SyncStatus } from './sync-status';
import styles from './driver-shell.module.css';

/**
 * The driver app's frame: a compact bar (name, what waits to sync, language, sign-out), then the
 * page. `driver`: the signed-in driver (none on the sign-in pages); their pages are locked by a
 * pending sign-out, while `runtime` (the outbox, which a sign-out sends first) keeps running.
 */
export function DriverShell({
  locale,
  driver,
  runtime,
  children,
}: {
  locale: Locale;
  driver: { id: string; name: string } | null;
  runtime?: ReactNode;
  children: ReactNode;
}) {
  const t = messagesFor(driverMessages, locale);
  const common = messagesFor(commonMessages, locale);
  return (
    <div className={styles.app}>
      <a href="#main" className="skip-link">
        {common.skipToContent}
      </a>
      <header className={styles.bar}>
        <div className={styles.barRow}>
          <DriverLink href="/driver" className={styles.brand}>
            {t.appName}
          </DriverLink>
          <LanguageSwitch locale={locale} labels={{ language: common.language, en: common.languageEnglish, ar: common.languageArabic }} />
        </div>
        {driver !== null ? (
          <div className={styles.barRow}>
            <span className={styles.driverName}>{driver.name}</span>
            <SyncStatus t={t} />
            <SignOutButton label={t.signOut} busyLabel={t.signingOut} driverId={driver.id} />
          </div>
        ) : null}
      </header>
      {runtime}
      <main id="main" className={styles.main} tabIndex={-1}>
        {driver !== null ? <DriverSignOutGate t={{ signingOut: t.signingOut, signOutOffline: t.signOutOffline, signOutQueued: t.signOutQueued, signOutQueuedOne: t.signOutQueuedOne }}>
            {children}
          </DriverSignOutGate> : children}
      </main>
    </div>
  );
}
