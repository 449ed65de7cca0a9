import { finishSignOut, pendingSignOut, requestSignOut, type BeforeEnd } from '@/components/platform/shell/pending-sign-out';
import { DRIVER_SIGN_IN_PATH } from './driver-fetch';
import { flushBeforeSignOut } from './outbox';
import { wipePhone } from './phone-data';

// The driver app's sign-out, finished (components/platform/shell/pending-sign-out.ts says when): the
// driver's queued updates first, sent with the session that made them (their idempotency keys
// make a repeat harmless); then the session is deleted; then everything the phone kept. Loaded
// on demand: the sign-out gate and the sign-in forms import it when there is one to finish.

/**
 * Finishes the pending sign-out, if any. Returns where the phone goes (the sign-in page, told how
 * many updates could not be sent when the session had already ended elsewhere), or null while
 * it waits for the signal.
 */
export async function finishDriverSignOut(): Promise<string | null> {
  const pending = pendingSignOut();
  let unsent = 0;
  const beforeEnd = async (): Promise<BeforeEnd> => {
    if (!pending?.driverId) return 'ready';
    const { remaining, hasSessionEnded } = await flushBeforeSignOut(pending.driverId);
    if (remaining === 0) return 'ready';
    if (!hasSessionEnded) return 'wait';
    unsent = remaining;
    return 'session-gone';
  };
  const state = await finishSignOut({ beforeEnd, afterEnd: wipePhone });
  if (state === 'waiting') return null;
  return unsent > 0 ? `${DRIVER_SIGN_IN_PATH}?unsent=${unsent}` : DRIVER_SIGN_IN_PATH;
}

/**
 * Before a sign-in on this phone: the earlier session ends first, its queued updates sent with
 * it, so the new session is never the one a pending sign-out then ends, and the earlier one does
 * not live on. `signedInDriverId`: the driver the server says is signed in now, if any (a sign-in
 * link opened on a phone still signed in). False: it could not be finished (no signal).
 */
export async function endEarlierSession(signedIn: { driverId: string | null } | null): Promise<boolean> {
  if (signedIn) requestSignOut(signedIn.driverId);
  if (!pendingSignOut()) return true;
  return (await finishDriverSignOut()) !== null;
}
