import { TrackingShell } from '@/components/dispatch/tracking/tracking-shell';
import styles from '@/components/dispatch/tracking/tracking.module.css';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { trackingMessages } from '@/components/platform/i18n/messages/tracking';

// An unknown or malformed token: the same words for both, nothing about what exists. The page's
// generateMetadata (noindex, no-referrer) and next.config.mjs's headers cover this answer too.
export default async function TrackingNotFound() {
  const locale = await getLocale();
  const t = messagesFor(trackingMessages, locale);
  return (
    <TrackingShell locale={locale} eyebrow={t.eyebrow} heading={messagesFor(commonMessages, locale).appName}>
      <section className={`${styles.card} ${styles.notFound}`} aria-labelledby="not-found-title" data-testid="tracking-not-found">
        <h2 id="not-found-title">{t.notFoundTitle}</h2>
        <p className={styles.muted}>{t.notFoundBody}</p>
      </section>
    </TrackingShell>
  );
}
