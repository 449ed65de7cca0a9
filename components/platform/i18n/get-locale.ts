import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from '@/components/platform/i18n/locale';

/** The language of the page being rendered: the user's choice, else the browser's. */
export const getLocale = cache(async (): Promise<Locale> => {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage((await headers()).get('accept-language'));
});
