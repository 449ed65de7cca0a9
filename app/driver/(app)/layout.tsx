import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { LazyDriverRuntime } from '@/components/fleet/driver/lazy-driver-runtime';
import { DriverShell } from '@/components/fleet/driver/driver-shell';
import { ToastProvider } from '@/components/platform/ui/toast';
import { currentUser } from '@/lib/platform/server/auth/current-user';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { messagesFor } from '@/components/platform/i18n/messages';
import { commonMessages } from '@/components/platform/i18n/messages/common';
import { driverMessages } from '@/components/platform/i18n/messages/driver';

// The signed-in driver app: drivers only. The page itself carries no delivery data (the client
// fetches it), so the service worker may keep it for a start without signal.
export default async function SignedInDriverLayout({ children }: { children: ReactNode }) {
  const [user, locale] = await Promise.all([currentUser(), getLocale()]);
  if (!user) redirect('/driver/login');
  if (user.role !== 'driver' || !user.driverId) redirect('/driver/login?error=role');
  const t = messagesFor(driverMessages, locale);
  return (
    <ToastProvider closeLabel={messagesFor(commonMessages, locale).close}>
      <DriverShell
        locale={locale}
        driver={{ id: user.driverId, name: user.name }}
        runtime={<LazyDriverRuntime driverId={user.driverId} locale={locale} t={{ syncRefused: t.syncRefused }} />}
      >
        {children}
      </DriverShell>
    </ToastProvider>
  );
}
