import type { Locale } from '@/components/platform/i18n/locale';
import type { Money } from './types';

// Arabic with Latin digits, as the dashboard writes numbers (components/platform/i18n/format-time.ts).
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', ar: 'ar-SA-u-nu-latn' };

/** A time from the API, ISO 8601 or the spec's `YYYY-MM-DD HH:MM:SS.mmm` (UTC), in ms since the epoch. */
export function parseTime(value: string): number {
  const isSpecFormat = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value);
  return Date.parse(isSpecFormat ? `${value.replace(' ', 'T')}Z` : value);
}

/** `{amount_minor: 1250, currency: 'SAR'}` → `SAR 12.50`. */
export function formatMoney(money: Money, locale: Locale): string {
  try {
    const format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: money.currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(money.amount_minor / 10 ** digits);
  } catch {
    return `${(money.amount_minor / 100).toFixed(2)} ${money.currency}`;
  }
}

/** An amount in major units (the order's total as the vendor sent it). */
export function formatAmount(amount: number | string, currency: string | null, locale: Locale): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  if (!currency) return new Intl.NumberFormat(INTL_LOCALE[locale]).format(value);
  try {
    return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

export function formatKm(km: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(km);
}
