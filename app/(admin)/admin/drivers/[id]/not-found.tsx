import Link from 'next/link';
import { getLocale } from '@/lib/i18n/get-locale';
import { messagesFor } from '@/lib/i18n/messages';
import { adminFleetMessages } from '@/lib/i18n/messages/admin-fleet';

// An unknown driver id.
export default async function DriverNotFound() {
  const t = messagesFor(adminFleetMessages, await getLocale());
  return (
    <div className="stack" data-testid="driver-not-found">
      <h1>{t.driverNotFound}</h1>
      <p>
        <Link href="/admin/drivers" className="btn">
          {t.backToDrivers}
        </Link>
      </p>
    </div>
  );
}
