'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { isLocale, type Locale } from '@/components/platform/i18n/locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { newDispatchMessages } from '@/components/platform/i18n/messages/new-dispatch';

// The page's language is the document's (set by the root layout); error boundaries get no props for it.
function subscribe(): () => void {
  return () => {};
}
function documentLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
}

export default function NewDispatchError({ error, retry }: { error: unknown; retry: () => void }) {
  const locale = useSyncExternalStore(subscribe, documentLocale, () => 'en' as Locale);
  const t = messagesFor(newDispatchMessages, locale);
  const common = messagesFor(commonMessages, locale);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <>
      <div className="page-header">
        <h1>{t.title}</h1>
      </div>
      <div role="alert" className="alert alert--error stack">
        <p style={{ margin: 0 }}>{t.loadFailed}</p>
        <div>
          <button type="button" className="btn btn--small" onClick={() => retry()}>
            {common.retry}
          </button>
        </div>
      </div>
    </>
  );
}
