/** The dashboard's languages; Arabic is laid out right to left. */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Set by the language switch (readable by scripts: it holds a preference, not a secret). */
export const LOCALE_COOKIE = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** The first supported language of an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | null): Locale {
  for (const part of header?.split(',') ?? []) {
    const language = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}
