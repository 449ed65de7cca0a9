import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';

// Every page of the driver app, signed in or not: installable (public/driver.webmanifest, whose
// start_url and scope are /driver), sized for a phone.
export const metadata: Metadata = {
  title: { default: 'Driver', template: '%s · Dispatch Driver' },
  manifest: '/driver.webmanifest',
  applicationName: 'Dispatch Driver',
  appleWebApp: { capable: true, title: 'Driver', statusBarStyle: 'default' },
  icons: { icon: '/driver-icon-192.png', apple: '/driver-icon-192.png' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  themeColor: '#0a6e4b',
};

export default function DriverAppLayout({ children }: { children: ReactNode }) {
  return children;
}
