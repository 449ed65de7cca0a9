import type { Locale } from '@/components/platform/i18n/locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { driverMessages, type DriverText } from '@/components/platform/i18n/messages/driver';
import type { QueryErrorText } from '@/components/platform/ui/query-error';
import { LIFECYCLE_STATUSES, MARKER_STATUSES } from '@/lib/dispatch/shared/transitions/table';

/** What every driver page hands its client components, in the viewer's language. */
export interface DriverPageText {
  t: DriverText;
  common: QueryErrorText;
  statusLabels: Record<string, string>;
  locale: Locale;
}

/** The texts a driver page hands its client components, in the viewer's language. */
export function driverPageText(locale: Locale): DriverPageText {
  const common = messagesFor(commonMessages, locale);
  const statusLabels = Object.fromEntries([...LIFECYCLE_STATUSES, ...MARKER_STATUSES].map((status) => [status, common[`status_${status}`]]));
  return {
    t: messagesFor(driverMessages, locale),
    common: { retry: common.retry, errorOffline: common.errorOffline, errorSignedOut: common.errorSignedOut, errorGeneric: common.errorGeneric },
    statusLabels,
    locale,
  };
}
