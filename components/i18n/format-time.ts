import type { Locale } from '@/components/i18n/locale';

/** The API's UTC timestamp (`YYYY-MM-DD HH:MM:SS.mmm`) as a Date. */
export function parseApiTimestamp(timestamp: string): Date {
  return new Date(`${timestamp.replace(' ', 'T')}Z`);
}

// Arabic with Latin digits: order numbers, phones and times are read against printed tickets.
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', ar: 'ar-SA-u-nu-latn-ca-gregory' };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, style: 'time' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      INTL_LOCALE[locale],
      style === 'time' ? { hour: '2-digit', minute: '2-digit', second: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' },
    );
    formats.set(key, format);
  }
  return format;
}

/** A timestamp in the viewer's time zone, e.g. `22 Nov 2026, 14:05`. Render it on the client only. */
export function formatDateTime(timestamp: string, locale: Locale): string {
  return formatter(locale, 'dateTime').format(parseApiTimestamp(timestamp));
}

export function formatTime(timestamp: string, locale: Locale): string {
  return formatter(locale, 'time').format(parseApiTimestamp(timestamp));
}

const clocks = new Map<Locale, Intl.DateTimeFormat>();

/** Hours and minutes in the viewer's time zone, e.g. `14:05`: for the customer's tracking page. */
export function formatClock(date: Date, locale: Locale): string {
  let format = clocks.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { hour: '2-digit', minute: '2-digit' });
    clocks.set(locale, format);
  }
  return format.format(date);
}

const days = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A calendar day (`YYYY-MM-DD`, as a date input holds it) in the page's language, e.g.
 * `Tue, 14 May 2026` (Arabic: the month and weekday in words, Latin digits). The same on the
 * server and in the browser (read and shown in UTC): a native date picker shows the browser's
 * language, this says the chosen day in the page's.
 */
export function formatDay(day: string, locale: Locale): string {
  let format = days.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    days.set(locale, format);
  }
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : format.format(date);
}
