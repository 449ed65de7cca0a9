import { NotFoundPanel } from '@/components/platform/ui/not-found-panel';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { adminFleetMessages } from '@/components/platform/i18n/messages/admin-fleet';

// An unknown driver id.
export default async function DriverNotFound() {
  const t = messagesFor(adminFleetMessages, await getLocale());
  return <NotFoundPanel testId="driver-not-found" title={t.driverNotFound} backHref="/admin/drivers" backText={t.backToDrivers} />;
}
