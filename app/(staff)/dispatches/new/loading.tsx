import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { newDispatchMessages } from '@/components/platform/i18n/messages/new-dispatch';
import styles from '@/components/dispatch/new/new-dispatch.module.css';
import { PageHeader } from '@/components/platform/ui/page-header';

// The page's frame at its final size while branches and the account are read.
export default async function NewDispatchLoading() {
  const locale = await getLocale();
  const t = messagesFor(newDispatchMessages, locale);
  return (
    <div aria-busy="true">
      <PageHeader title={t.title} intro={t.intro} />
      <p className="sr-only" role="status">
        {messagesFor(commonMessages, locale).loading}
      </p>
      <section className="card stack" aria-hidden="true">
        <div className="skeleton" style={{ blockSize: '1.4em', inlineSize: '14em' }} />
        <div className={styles.routeGrid}>
          <div className="skeleton" style={{ blockSize: 360 }} />
          <div className="stack">
            <div className="skeleton" style={{ blockSize: 64 }} />
            <div className="skeleton" style={{ blockSize: 64 }} />
            <div className="skeleton" style={{ blockSize: 64 }} />
          </div>
        </div>
        <div className="skeleton" style={{ blockSize: 110 }} />
      </section>
    </div>
  );
}
