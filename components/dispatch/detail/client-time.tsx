'use client';

import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import { formatDateTime, formatTime, parseApiTimestamp } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import styles from './dispatch-detail.module.css';

/**
 * An API timestamp in the viewer's time zone. The server does not know that zone, so it renders
 * a placeholder of about the same width and the browser fills the text in.
 */
export function ClientTime({ timestamp, locale, style = 'dateTime' }: { timestamp: string; locale: Locale; style?: 'dateTime' | 'time' }) {
  const isClient = useIsHydrated();
  const text = isClient ? (style === 'time' ? formatTime(timestamp, locale) : formatDateTime(timestamp, locale)) : null;
  // A bare time of day keeps its date in the tooltip.
  const title = isClient && style === 'time' ? formatDateTime(timestamp, locale) : undefined;
  return (
    <time
      dateTime={parseApiTimestamp(timestamp).toISOString()}
      title={title}
      className={text ? undefined : styles.timePlaceholder}
      data-style={style}
    >
      {text}
    </time>
  );
}
