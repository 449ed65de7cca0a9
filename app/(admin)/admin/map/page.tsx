import type { Metadata } from 'next';
import { LiveMapPage } from '@/components/admin-map/live-map-page';
import { PageHeader } from '@/components/ui/page-header';
import { requireAdmin } from '@/lib/auth/current-user';
import { getEnv } from '@/lib/env';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { adminMapMessages } from '@/components/i18n/messages/admin-map';
import { commonMessages } from '@/components/i18n/messages/common';

export async function generateMetadata(): Promise<Metadata> {
  return { title: messagesFor(adminMapMessages, await getLocale()).pageTitle };
}

// /admin/map — active drivers and open dispatches, re-read every few seconds.
export default async function AdminLiveMapPage() {
  const [, locale] = await Promise.all([requireAdmin(), getLocale()]);
  const t = messagesFor(adminMapMessages, locale);
  const env = getEnv();
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <LiveMapPage
        t={t}
        common={messagesFor(commonMessages, locale)}
        locale={locale}
        map={{ tileUrl: env.MAP_TILE_URL || null, tileAttribution: env.MAP_TILE_ATTRIBUTION }}
      />
    </>
  );
}
