import type { Metadata } from 'next';
import { DriversPage } from '@/components/admin-fleet/drivers-page';
import { PageHeader } from '@/components/ui/page-header';
import { requireAdmin } from '@/lib/auth/current-user';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { adminFleetMessages } from '@/components/i18n/messages/admin-fleet';
import { commonMessages } from '@/components/i18n/messages/common';

export async function generateMetadata(): Promise<Metadata> {
  return { title: messagesFor(adminFleetMessages, await getLocale()).driversPageTitle };
}

// /admin/drivers — every driver: search, fleet and status filters, paging; add a driver.
export default async function AdminDriversPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [, locale, params] = await Promise.all([requireAdmin(), getLocale(), searchParams]);
  const first = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
  const t = messagesFor(adminFleetMessages, locale);
  return (
    <>
      <PageHeader title={t.driversTitle} intro={t.driversIntro} />
      <DriversPage
        t={t}
        common={messagesFor(commonMessages, locale)}
        locale={locale}
        initial={{ q: first(params.q), fleet: first(params.fleet), active: first(params.active) }}
      />
    </>
  );
}
