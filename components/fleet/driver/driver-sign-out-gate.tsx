'use client';

import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { SignOutGate } from '@/components/platform/shell/sign-out-gate';
import { usePendingSignOut } from '@/components/platform/shell/use-pending-sign-out';
import { format } from '@/components/platform/i18n/messages';
import type { DriverText } from '@/components/platform/i18n/messages/driver';
import { finishDriverSignOut } from './driver-sign-out';
import { pendingEntries, subscribeOutbox } from './outbox';
import { hideCustomerData } from './phone-data';

const NO_ENTRIES: readonly never[] = [];

/**
 * The driver app's pages, or, while a sign-out waits for the signal, a lock in their place: the
 * customers' data leaves the screen and the phone at once, and the driver is told what still
 * has to go before the sign-out completes.
 */
export function DriverSignOutGate({ t, children }: { t: Pick<DriverText, 'signingOut' | 'signOutOffline' | 'signOutQueued' | 'signOutQueuedOne'>; children: ReactNode }) {
  const isPending = usePendingSignOut() !== null;
  const count = useSyncExternalStore(subscribeOutbox, pendingEntries, () => NO_ENTRIES).length;

  useEffect(() => {
    if (isPending) void hideCustomerData();
  }, [isPending]);

  const queued = count === 0 ? null : count === 1 ? t.signOutQueuedOne : format(t.signOutQueued, { count });
  return (
    <SignOutGate
      text={t}
      signInPath="/driver/login"
      finish={finishDriverSignOut}
      detail={queued ? <p data-testid="sign-out-queued">{queued}</p> : null}
    >
      {children}
    </SignOutGate>
  );
}
