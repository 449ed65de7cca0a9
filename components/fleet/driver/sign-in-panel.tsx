import type { ReactNode } from 'react';
import type { Locale } from '@/components/platform/i18n/locale';
import { DriverShell } from './driver-shell';
import styles from './driver.module.css';

/** The card of the driver app's sign-in pages (phone and PIN, one-time link): its title, a line under it, then the form. */
export function SignInPanel({ locale, titleId, title, intro, children }: { locale: Locale; titleId: string; title: string; intro: string; children: ReactNode }) {
  return (
    <DriverShell locale={locale} driver={null}>
      <section className={`${styles.card} ${styles.stack}`} aria-labelledby={titleId}>
        <h1 id={titleId} className={styles.pageTitle}>
          {title}
        </h1>
        <p className={styles.muted}>{intro}</p>
        {children}
      </section>
    </DriverShell>
  );
}
