'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { LOCALE_COOKIE, type Locale } from '@/components/platform/i18n/locale';

const ONE_YEAR_S = 365 * 24 * 3600;

function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}

/** Switches the dashboard's language (and direction) and re-renders the page in it. */
export function LanguageSwitch({ locale, labels }: { locale: Locale; labels: { language: string; en: string; ar: string } }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const choose = (next: Locale) => {
    rememberLocale(next);
    startTransition(() => router.refresh());
  };
  return (
    <div className="segmented" role="group" aria-label={labels.language} aria-busy={isPending}>
      {(['en', 'ar'] as const).map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="segmented__option"
          aria-pressed={locale === option}
          onClick={() => choose(option)}
          data-testid={`language-${option}`}
        >
          {option === 'en' ? labels.en : labels.ar}
        </button>
      ))}
    </div>
  );
}
