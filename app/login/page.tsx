import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/platform/auth/sign-in-form';
import { LanguageSwitch } from '@/components/platform/shell/language-switch';
import { currentUser } from '@/lib/platform/server/auth/current-user';
import { homePathOf } from '@/lib/platform/shared/auth/schemas';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { authMessages } from '@/components/platform/i18n/messages/auth';
import { commonMessages } from '@/components/platform/i18n/messages/common';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; error?: string }> }) {
  const [user, locale, query] = await Promise.all([currentUser(), getLocale(), searchParams]);
  if (user) redirect(homePathOf(user.role));
  const t = messagesFor(authMessages, locale);
  const common = messagesFor(commonMessages, locale);
  return (
    <main id="main" className="sign-in">
      <div className="sign-in__top">
        <LanguageSwitch locale={locale} labels={{ language: common.language, en: common.languageEnglish, ar: common.languageArabic }} />
      </div>
      <section className="card sign-in__card" aria-labelledby="sign-in-title">
        <p className="sign-in__brand">{common.appName}</p>
        <h1 id="sign-in-title">{t.title}</h1>
        <p className="muted">{t.intro}</p>
        <SignInForm t={t} next={query.next ?? null} notice={query.error === 'role' ? t.wrongRole : undefined} />
      </section>
    </main>
  );
}
