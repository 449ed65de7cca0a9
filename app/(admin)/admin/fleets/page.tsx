import { FleetsPage } from '@/components/fleet/admin/fleets-page';
import { adminPageText, titleFrom } from '@/components/platform/shell/server-page';
import { PageHeader } from '@/components/platform/ui/page-header';
import { adminFleetMessages } from '@/components/platform/i18n/messages/admin-fleet';

export const generateMetadata = titleFrom(adminFleetMessages, 'fleetsPageTitle');

// /admin/fleets — fleets with their driver counts: create, rename, deactivate, reactivate.
export default async function AdminFleetsPage() {
  const { locale, t, common } = await adminPageText(adminFleetMessages);
  return (
    <>
      <PageHeader title={t.fleetsTitle} intro={t.fleetsIntro} />
      <FleetsPage t={t} common={common} locale={locale} />
    </>
  );
}
