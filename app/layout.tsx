import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getLocale } from '@/components/platform/i18n/get-locale';
import { directionOf } from '@/components/platform/i18n/locale';
import './globals.css';
import './controls.css';
import './data.css';
import './toasts.css';
import './sign-in.css';

export const metadata: Metadata = {
  title: { default: 'Dispatch', template: '%s · Dispatch' },
  description: 'Last-mile delivery dispatch for restaurants',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>{children}</body>
    </html>
  );
}
