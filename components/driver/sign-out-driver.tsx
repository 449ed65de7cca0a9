'use client';

import { SignOutButton } from '@/components/shell/sign-out-button';
import { DRIVER_SIGN_IN_PATH } from './driver-fetch';
import { forgetSnapshots } from './offline-snapshots';
import { PAGE_CACHE } from './page-cache';

/** Drops the pages the service worker kept for a start without signal, and the copies of the driver's jobs. */
async function forgetPages(): Promise<void> {
  await Promise.all(['caches' in window ? caches.delete(PAGE_CACHE) : undefined, forgetSnapshots()]);
}

/** Signs the driver out, and forgets the app's offline pages and jobs. */
export function SignOutDriver({ label }: { label: string }) {
  return <SignOutButton label={label} signInPath={DRIVER_SIGN_IN_PATH} beforeLeave={forgetPages} />;
}
