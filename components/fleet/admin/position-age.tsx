'use client';

import { formatAge } from '@/components/platform/i18n/format-age';
import { formatDateTime, parseApiTimestamp } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { useNow } from '@/components/platform/ui/use-now';

/** "5 min. ago" for a reported position, with the exact time as its tooltip; ticks every 5 s. */
export function PositionAge({ at, locale }: { at: string; locale: Locale }) {
  const now = useNow(5_000);
  if (now === null) return <span className="skeleton" aria-hidden="true" style={{ display: 'inline-block', inlineSize: '5em' }} />;
  return (
    <time dateTime={parseApiTimestamp(at).toISOString()} title={formatDateTime(at, locale)}>
      {formatAge(now - parseApiTimestamp(at).getTime(), locale)}
    </time>
  );
}
