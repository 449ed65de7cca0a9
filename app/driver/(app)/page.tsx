import type { Metadata } from 'next';
import { DriverHome } from '@/components/fleet/driver/driver-home';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { driverPageText } from '@/components/fleet/driver/page-text';

export const metadata: Metadata = { title: 'Deliveries' };

export default async function DriverHomePage() {
  return <DriverHome {...driverPageText(await getLocale())} />;
}
