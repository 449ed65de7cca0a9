import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/shell/language-switch';
import type { Locale } from '@/components/i18n/locale';
import { messagesFor } from '@/components/i18n/messages';
import { commonMessages } from '@/components/i18n/messages/common';
import { driverMessages } from '@/components/i18n/messages/driver';
import { DriverLink } from './driver-link';
import { SignOutDriver } from './sign-out-driver';
import { SyncStatus } from './sync-status';
import styles from './driver.module.css';

/** The driver app's frame: a compact bar (name, what waits to sync, language, sign-out), then the page. */
export function DriverShell({ locale, driverName, children }: { locale: Locale; driverName: string | null; children: ReactNode }) {
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
        {driverName !== null ? (
          <div className={styles.barRow}>
            <span className={styles.driverName}>{driverName}</span>
            <SyncStatus t={t} />
            <SignOutDriver label={t.signOut} />
          </div>
        ) : null}
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
