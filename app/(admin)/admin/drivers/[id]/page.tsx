import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { DriverDetail } from '@/components/admin-fleet/driver-detail';
import { RecordHeader } from '@/components/ui/page-header';
import { requireAdmin } from '@/lib/auth/current-user';
import { getAdminDriver } from '@/lib/drivers/get-admin-driver';
import type { AdminDriver } from '@/lib/drivers/schemas';
import { getEnv } from '@/lib/env';
import { nullIfNotFound } from '@/lib/errors/null-if-not-found';
import { getLocale } from '@/components/i18n/get-locale';
import { format, messagesFor } from '@/components/i18n/messages';
import { adminFleetMessages } from '@/components/i18n/messages/admin-fleet';
import { commonMessages } from '@/components/i18n/messages/common';

interface Props {
  params: Promise<{ id: string }>;
}

/** The driver (the read behind GET /api/admin/drivers/{id}), or null: once per request. */
const readDriver = cache((id: string): Promise<AdminDriver | null> => nullIfNotFound(getAdminDriver({ id })));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, , locale] = await Promise.all([params, requireAdmin(), getLocale()]);
  const t = messagesFor(adminFleetMessages, locale);
  const driver = await readDriver(id);
  return { title: driver ? format(t.driverPageTitle, { name: driver.name }) : t.driverNotFound };
}

// /admin/drivers/{id} — edit, deactivate, last known position, dispatches across accounts.
export default async function AdminDriverPage({ params }: Props) {
  const [{ id }, , locale] = await Promise.all([params, requireAdmin(), getLocale()]);
  const driver = await readDriver(id);
  if (!driver) notFound();
  const t = messagesFor(adminFleetMessages, locale);
  const env = getEnv();
  return (
    <>
      <RecordHeader backHref="/admin/drivers" backText={t.backToDrivers} name={driver.name} id={driver.id} />
      <DriverDetail
        initial={driver}
        t={t}
        common={messagesFor(commonMessages, locale)}
        locale={locale}
        map={{ tileUrl: env.MAP_TILE_URL || null, tileAttribution: env.MAP_TILE_ATTRIBUTION }}
      />
    </>
  );
}
