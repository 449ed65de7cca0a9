import type { Locale } from '@/components/platform/i18n/locale';
import { madeOnce } from '@/components/platform/i18n/made-once';

// Arabic with Latin digits, like the rest of the dashboard's times.
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', ar: 'ar-SA-u-nu-latn' };
const ageFormat = madeOnce((locale: Locale) => new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'always', style: 'short' }));

/** How long ago, in the largest fitting unit: `12 sec. ago`, `5 min. ago`, `3 hr. ago`, `2 days ago`. */
export function formatAge(ageMs: number, locale: Locale): string {
  const format = ageFormat(locale);
  const seconds = Math.max(0, Math.round(ageMs / 1000));
  if (seconds < 60) return format.format(-seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}
