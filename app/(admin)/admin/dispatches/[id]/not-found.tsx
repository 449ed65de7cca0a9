import Link from 'next/link';
import { getLocale } from '@/lib/i18n/get-locale';
import { messagesFor } from '@/lib/i18n/messages';
import { dispatchDetailMessages } from '@/lib/i18n/messages/dispatch-detail';

// An unknown dispatch id in the console.
export default async function AdminDispatchNotFound() {
  const t = messagesFor(dispatchDetailMessages, await getLocale());
  return (
    <div className="stack" data-testid="dispatch-not-found">
      <h1>{t.notFoundTitle}</h1>
      <p className="muted">{t.notFoundBody}</p>
      <p>
        <Link href="/admin/dispatches" className="btn">
          {t.backToList}
        </Link>
      </p>
    </div>
  );
}
