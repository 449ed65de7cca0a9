'use client';

import { useState } from 'react';
import { apiFetch } from '@/components/client/api-fetch';

/**
 * Signs out and loads `signInPath` (the dashboard's sign-in, or the driver app's). `beforeLeave`
 * drops what the browser kept besides the session (the driver app's offline page cache).
 */
export function SignOutButton({ label, signInPath = '/login', beforeLeave }: { label: string; signInPath?: string; beforeLeave?: () => Promise<void> }) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn--ghost"
      disabled={isBusy}
      onClick={async () => {
        setIsBusy(true);
        await apiFetch('/api/session', { method: 'DELETE', signInPath }).catch(() => {});
        await beforeLeave?.().catch(() => {});
        // A full page load, not a client navigation: nothing of this user's data stays in memory.
        window.location.assign(signInPath);
      }}
    >
      {label}
    </button>
  );
}
