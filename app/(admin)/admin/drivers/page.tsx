import { DriversPage } from '@/components/fleet/admin/drivers-page';
import { adminPageText, titleFrom } from '@/components/platform/shell/server-page';
import { PageHeader } from '@/components/platform/ui/page-header';
import { adminFleetMessages } from '@/components/platform/i18n/messages/admin-fleet';

export const generateMetadata = titleFrom(adminFleetMessages, 'driversPageTitle');

// /admin/drivers — every driver: search, fleet and status filters, paging; add a driver.
export default async function AdminDriversPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ locale, t, common }, params] = await Promise.all([adminPageText(adminFleetMessages), searchParams]);
  const first = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
  return (
    <>
      <PageHeader title={t.driversTitle} intro={t.driversIntro} />
      <DriversPage
        t={t}
        common={common}
        locale={locale}
        initial={{ q: first(params.q), fleet: first(params.fleet), active: first(params.active) }}
      />
    </>
  );
}
