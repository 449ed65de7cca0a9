import { NotFoundPanel } from '@/components/platform/ui/not-found-panel';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { dispatchDetailMessages } from '@/components/platform/i18n/messages/dispatch-detail';

// An unknown dispatch id in the console.
export default async function AdminDispatchNotFound() {
  const t = messagesFor(dispatchDetailMessages, await getLocale());
  return <NotFoundPanel testId="dispatch-not-found" title={t.notFoundTitle} body={t.notFoundBody} backHref="/admin/dispatches" backText={t.backToList} />;
}
