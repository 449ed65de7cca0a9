import { LiveMapPage } from '@/components/fleet/live-map/live-map-page';
import { adminPageText, mapTiles, titleFrom } from '@/components/platform/shell/server-page';
import { PageHeader } from '@/components/platform/ui/page-header';
import { adminMapMessages } from '@/components/platform/i18n/messages/admin-map';

export const generateMetadata = titleFrom(adminMapMessages, 'pageTitle');

// /admin/map — active drivers and open dispatches, re-read every few seconds.
export default async function AdminLiveMapPage() {
  const { locale, t, common } = await adminPageText(adminMapMessages);
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <LiveMapPage t={t} common={common} locale={locale} map={mapTiles()} />
    </>
  );
}
