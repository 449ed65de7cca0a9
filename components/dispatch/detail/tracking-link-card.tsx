'use client';

import { CopyButton } from '@/components/platform/ui/copy-button';
import type { Locale } from '@/components/platform/i18n/locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { vendorControlMessages } from '@/components/platform/i18n/messages/vendor-control';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import styles from './vendor-control.module.css';

/** The customer's tracking page: the link, to copy and send, or to open and see what they see. */
export function TrackingLinkCard({ dispatch, locale }: { dispatch: Pick<DispatchRecord, 'tracking_url'>; locale: Locale }) {
  const t = messagesFor(vendorControlMessages, locale);
  const url = dispatch.tracking_url;
  return (
    <section className="card stack" aria-labelledby="tracking-link-title" data-testid="tracking-card">
      <h2 id="tracking-link-title">{t.trackingTitle}</h2>
      {url ? (
        <>
          <p className={`field__hint ${styles.note}`}>{t.trackingHint}</p>
          <code className={`mono ${styles.trackingUrl}`} dir="ltr" title={url} data-testid="tracking-url">
            {url}
          </code>
          <div className="row">
            <CopyButton value={url} labels={{ copy: t.trackingCopy, copied: t.trackingCopied, copyFailed: t.trackingCopyFailed }} className="btn btn--small" />
            <a href={url} target="_blank" rel="noopener noreferrer" className="btn btn--small" aria-label={t.trackingOpenLabel} data-testid="tracking-open">
              {t.trackingOpen}
            </a>
          </div>
        </>
      ) : (
        <p className="muted">{t.trackingNone}</p>
      )}
    </section>
  );
}
