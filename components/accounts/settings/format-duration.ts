import type { Locale } from '@/components/platform/i18n/locale';

// Latin digits in Arabic too, as in components/platform/i18n/format-time.ts.
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', ar: 'ar-SA-u-nu-latn' };

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
] as const;

/** A configured duration in words, in the largest unit that divides it: `24 hours`, `90 minutes`. */
export function formatDuration(ms: number, locale: Locale): string {
  const [unit, size] = UNITS.find(([, size]) => ms >= size && ms % size === 0) ?? ['second', 1_000];
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 }).format(ms / size);
}
