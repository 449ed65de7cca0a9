import type { Metadata } from 'next';
import { JobDetail } from '@/components/fleet/driver/job-detail';
import { getEnv } from '@/lib/platform/server/env';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { driverPageText } from '@/components/fleet/driver/page-text';

export const metadata: Metadata = { title: 'Delivery' };

export default async function DriverJobPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, locale] = await Promise.all([params, getLocale()]);
  const env = getEnv();
  return <JobDetail id={id} {...driverPageText(locale)} map={{ tileUrl: env.MAP_TILE_URL || null, tileAttribution: env.MAP_TILE_ATTRIBUTION }} />;
}
