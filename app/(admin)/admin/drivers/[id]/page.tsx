import { DriverDetail } from '@/components/fleet/admin/driver-detail';
import { mapTiles, recordPage, type RecordPageProps } from '@/components/platform/shell/server-page';
import { RecordHeader } from '@/components/platform/ui/page-header';
import { requireAdmin } from '@/lib/platform/server/auth/current-user';
import { getAdminDriver } from '@/lib/fleet/server/drivers/get-admin-driver';
import { format, messagesFor } from '@/components/platform/i18n/messages';
import { adminFleetMessages } from '@/components/platform/i18n/messages/admin-fleet';
import { commonMessages } from '@/components/platform/i18n/messages/common';

/** The driver (the read behind GET /api/admin/drivers/{id}). */
const page = recordPage({
  caller: requireAdmin,
  read: (id) => getAdminDriver({ id }),
  title: (driver, locale) => {
    const t = messagesFor(adminFleetMessages, locale);
    return driver ? format(t.driverPageTitle, { name: driver.name }) : t.driverNotFound;
  },
});

export const generateMetadata = page.generateMetadata;

// /admin/drivers/{id} — edit, deactivate, last known position, dispatches across accounts.
export default async function AdminDriverPage({ params }: RecordPageProps) {
  const { record: driver, locale } = await page.load(params);
  const t = messagesFor(adminFleetMessages, locale);
  return (
    <>
      <RecordHeader backHref="/admin/drivers" backText={t.backToDrivers} name={driver.name} id={driver.id} />
      <DriverDetail initial={driver} t={t} common={messagesFor(commonMessages, locale)} locale={locale} map={mapTiles()} />
    </>
  );
}
