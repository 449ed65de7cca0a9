import { NotFoundPanel } from '@/components/platform/ui/not-found-panel';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { dispatchDetailMessages } from '@/components/platform/i18n/messages/dispatch-detail';

// An unknown id, or another account's (which is the same thing to this account).
export default async function DispatchNotFound() {
  const t = messagesFor(dispatchDetailMessages, await getLocale());
  return <NotFoundPanel testId="dispatch-not-found" title={t.notFoundTitle} body={t.notFoundBody} backHref="/dispatches" backText={t.backToList} />;
}
