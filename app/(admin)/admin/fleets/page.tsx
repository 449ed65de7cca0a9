import type { Metadata } from 'next';
import { FleetsPage } from '@/components/admin-fleet/fleets-page';
import { PageHeader } from '@/components/ui/page-header';
import { requireAdmin } from '@/lib/auth/current-user';
import { getLocale } from '@/components/i18n/get-locale';
import { messagesFor } from '@/components/i18n/messages';
import { adminFleetMessages } from '@/components/i18n/messages/admin-fleet';
import { commonMessages } from '@/components/i18n/messages/common';

export async function generateMetadata(): Promise<Metadata> {
  return { title: messagesFor(adminFleetMessages, await getLocale()).fleetsPageTitle };
}

// /admin/fleets — fleets with their driver counts: create, rename, deactivate, reactivate.
export default async function AdminFleetsPage() {
  const [, locale] = await Promise.all([requireAdmin(), getLocale()]);
  const t = messagesFor(adminFleetMessages, locale);
  return (
    <>
      <PageHeader title={t.fleetsTitle} intro={t.fleetsIntro} />
      <FleetsPage t={t} common={messagesFor(commonMessages, locale)} locale={locale} />
    </>
  );
}
