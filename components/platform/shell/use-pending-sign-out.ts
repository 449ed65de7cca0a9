'use client';

import { useSyncExternalStore } from 'react';
import { parsePendingSignOut, pendingSignOutRaw, subscribePendingSignOut, type PendingSignOut } from './pending-sign-out';

/** The sign-out waiting to be finished on this browser, if any (never on the server: it lives in the browser). */
export function usePendingSignOut(): PendingSignOut | null {
  return parsePendingSignOut(useSyncExternalStore(subscribePendingSignOut, pendingSignOutRaw, () => null));
}
