'use client';

import { useState } from 'react';
import { driverFetch } from './driver-fetch';
import { PAGE_CACHE } from './page-cache';

/** Signs out, and drops the pages the service worker kept for a start without signal. */
export function SignOutDriver({ label }: { label: string }) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn--ghost"
      disabled={isBusy}
      onClick={async () => {
        setIsBusy(true);
        await driverFetch('/api/session', { method: 'DELETE' }).catch(() => {});
        if ('caches' in window) await caches.delete(PAGE_CACHE).catch(() => false);
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- nothing of this driver's data stays in memory
        window.location.assign('/driver/login');
      }}
    >
      {label}
    </button>
  );
}
