'use client';

import { requestSignOut } from './pending-sign-out';
import { usePendingSignOut } from './use-pending-sign-out';

/**
 * Asks for the sign-out of this browser's session; the frame's SignOutGate locks the screen and
 * finishes it (at once with a connection, else when it returns). `driverId`: the driver app's
 * sign-out, whose queued updates are sent first and whose phone copies are wiped after.
 */
export function SignOutButton({ label, busyLabel, driverId = null }: { label: string; busyLabel: string; driverId?: string | null }) {
  const isPending = usePendingSignOut() !== null;
  return (
    <button type="button" className="btn btn--ghost" disabled={isPending} onClick={() => requestSignOut(driverId)}>
      {isPending ? busyLabel : label}
    </button>
  );
}
