'use client';

import { SignOutButton } from '@/components/shell/sign-out-button';
import { DRIVER_SIGN_IN_PATH } from './driver-fetch';
import { PAGE_CACHE } from './page-cache';

/** Drops the pages the service worker kept for a start without signal. */
async function forgetPages(): Promise<void> {
  if ('caches' in window) await caches.delete(PAGE_CACHE);
}

/** Signs the driver out, and forgets the app's offline pages. */
export function SignOutDriver({ label }: { label: string }) {
  return <SignOutButton label={label} signInPath={DRIVER_SIGN_IN_PATH} beforeLeave={forgetPages} />;
}
