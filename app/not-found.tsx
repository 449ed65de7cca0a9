import type { Metadata } from 'next';
import { NotFoundPanel } from '@/components/platform/ui/not-found-panel';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';

// Any unknown address. Next's built-in 404 page styles itself with an inline <style> that
// carries no nonce, which the pages' Content-Security-Policy (proxy.ts) refuses.
export async function generateMetadata(): Promise<Metadata> {
  return { title: messagesFor(commonMessages, await getLocale()).notFound };
}

export default async function NotFound() {
  const common = messagesFor(commonMessages, await getLocale());
  return (
    <main id="main" className="sign-in">
      <section className="card sign-in__card">
        <NotFoundPanel testId="page-not-found" title={common.notFound} backHref="/" backText={common.appName} />
      </section>
    </main>
  );
}
