import type { Locale } from '@/components/platform/i18n/locale';

/**
 * A feature's text in every language. Arabic must have every English key (the type says so),
 * so a missing translation fails the type check instead of showing a blank.
 * Placeholders are `{name}`, filled by `format`.
 */
export type Messages<T extends Record<string, string>> = { en: T; ar: { [K in keyof T]: string } };

export function defineMessages<T extends Record<string, string>>(messages: Messages<T>): Messages<T> {
  return messages;
}

/** One language's text of a feature: what a server page passes to its client components. */
export function messagesFor<T extends Record<string, string>>(messages: Messages<T>, locale: Locale): T {
  return messages[locale] as T;
}

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
