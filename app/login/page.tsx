import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { currentUser } from '@/lib/auth/current-user';
import { homePathOf } from '@/lib/auth/schemas';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { authMessages } from '@/components/i18n/messages/auth';
import { commonMessages } from '@/components/i18n/messages/common';

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
