import type { Locale } from '@/components/platform/i18n/locale';
import { madeOnce } from '@/components/platform/i18n/made-once';

/** The API's UTC timestamp (`YYYY-MM-DD HH:MM:SS.mmm`) as a Date. */
export function parseApiTimestamp(timestamp: string): Date {
  return new Date(`${timestamp.replace(' ', 'T')}Z`);
}

// Arabic with Latin digits: order numbers, phones and times are read against printed tickets.
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', ar: 'ar-SA-u-nu-latn-ca-gregory' };

const timeFormat = madeOnce((locale: Locale) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { hour: '2-digit', minute: '2-digit', second: '2-digit' }));
const dateTimeFormat = madeOnce((locale: Locale) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' }));

/** A timestamp in the viewer's time zone, e.g. `22 Nov 2026, 14:05`. Render it on the client only. */
export function formatDateTime(timestamp: string, locale: Locale): string {
  return dateTimeFormat(locale).format(parseApiTimestamp(timestamp));
}

export function formatTime(timestamp: string, locale: Locale): string {
  return timeFormat(locale).format(parseApiTimestamp(timestamp));
}

const clockFormat = madeOnce((locale: Locale) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { hour: '2-digit', minute: '2-digit' }));

/** Hours and minutes in the viewer's time zone, e.g. `14:05`: for the customer's tracking page. */
export function formatClock(date: Date, locale: Locale): string {
  return clockFormat(locale).format(date);
}

const dayFormat = madeOnce(
  (locale: Locale) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/**
 * A calendar day (`YYYY-MM-DD`, as a date input holds it) in the page's language, e.g.
 * `Tue, 14 May 2026` (Arabic: the month and weekday in words, Latin digits). The same on the
 * server and in the browser (read and shown in UTC): a native date picker shows the browser's
 * language, this says the chosen day in the page's.
 */
export function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat(locale).format(date);
}
