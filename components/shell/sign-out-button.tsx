'use client';

import { useState } from 'react';
import { apiFetch } from '@/components/client/api-fetch';

export function SignOutButton({ label }: { label: string }) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn--ghost"
      disabled={isBusy}
      onClick={async () => {
        setIsBusy(true);
        await apiFetch('/api/session', { method: 'DELETE' }).catch(() => {});
        // A full page load, not a client navigation: nothing of this user's data stays in memory.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign('/login');
      }}
    >
      {label}
    </button>
  );
}
