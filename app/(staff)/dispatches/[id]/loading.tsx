import { DispatchDetailSkeleton } from '@/components/dispatch-detail/detail-skeleton';
import { getLocale } from '@/lib/i18n/get-locale';
import { messagesFor } from '@/lib/i18n/messages';
import { commonMessages } from '@/lib/i18n/messages/common';

export default async function DispatchLoading() {
  return <DispatchDetailSkeleton label={messagesFor(commonMessages, await getLocale()).loading} />;
}
