import { FleetsPage } from '@/components/admin-fleet/fleets-page';
import { adminPageText, titleFrom } from '@/components/shell/server-page';
import { PageHeader } from '@/components/ui/page-header';
import { adminFleetMessages } from '@/components/i18n/messages/admin-fleet';

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
