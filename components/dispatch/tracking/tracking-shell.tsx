import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/platform/shell/language-switch';
import type { Locale } from '@/components/platform/i18n/locale';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { trackingMessages } from '@/components/platform/i18n/messages/tracking';
import styles from './tracking-shell.module.css';

/** The tracking page's frame: the restaurant on a coloured band, the language switch, a privacy note. */
export function TrackingShell({ locale, eyebrow, heading, children }: { locale: Locale; eyebrow: string; heading: ReactNode; children: ReactNode }) {
  const common = messagesFor(commonMessages, locale);
  const t = messagesFor(trackingMessages, locale);
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <div className={styles.topInner}>
          <div>
            <p className={styles.eyebrow}>{eyebrow}</p>
            <h1 className={styles.restaurant} data-testid="restaurant-name">
              {heading}
            </h1>
          </div>
          <LanguageSwitch locale={locale} labels={{ language: common.language, en: common.languageEnglish, ar: common.languageArabic }} />
        </div>
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <p>{t.privacyNote}</p>
        <p>{format(t.poweredBy, { app: common.appName })}</p>
      </footer>
    </div>
  );
}
