'use client';

import { useEffect, useState } from 'react';
import { isSignOutPending } from '@/components/platform/shell/pending-sign-out';
import { DRIVER_SIGN_IN_PATH } from './driver-fetch';

// The driver's sign-in pages and a session this phone still holds. The sign-out code (outbox,
// wipe) is loaded only when there is something to end.

/**
 * Before a sign-in on this phone, the earlier session ends: a sign-out left pending without
 * signal, or someone still signed in (`signedIn`, as the server saw the page's request). Its
 * queued updates go first, then the session, then the phone's copies. False: it could not be
 * finished now (no signal).
 */
export async function endEarlierSession(signedIn: { driverId: string | null } | null): Promise<boolean> {
  if (!signedIn && !isSignOutPending()) return true;
  return (await import('./driver-sign-out')).endEarlierSession(signedIn);
}

/**
 * A sign-in page opened while a sign-out is pending (the session ended elsewhere meanwhile, so
 * the app was sent here): it is finished at once, not at the next sign-in, so nothing of the
 * last driver waits on the phone; the page is loaded again when it has something to say.
 */
export function useFinishLeftSignOut(): void {
  useEffect(() => {
    if (!isSignOutPending()) return;
    void import('./driver-sign-out')
      .then((module) => module.finishDriverSignOut())
      .then((to) => {
        if (to !== null && to !== DRIVER_SIGN_IN_PATH) window.location.assign(to);
      })
      .catch(() => {
        // finished at the next sign-in
      });
  }, []);
}

/**
 * A sign-in of the driver app (phone and PIN, or a one-time link): `signIn` ends the session the
 * phone still holds (`endEarlierSession`), posts the sign-in, then loads `to` afresh so the app
 * starts clean for this driver. `failure` says why it did not (no signal to end the earlier
 * session: `waiting`); the page is free to try again.
 */
export function useDriverSignIn({ waiting, initialFailure = null }: { waiting: string; initialFailure?: string | null }) {
  const [failure, setFailure] = useState<string | null>(initialFailure);
  const [isBusy, setIsBusy] = useState(false);
  useFinishLeftSignOut();

  async function signIn({
    signedIn,
    post,
    to,
    failureText,
  }: {
    signedIn: { driverId: string | null } | null;
    post: () => Promise<unknown>;
    to: string;
    failureText: (error: unknown) => string;
  }): Promise<void> {
    setFailure(null);
    setIsBusy(true);
    try {
      if (!(await endEarlierSession(signedIn))) {
        setFailure(waiting);
        setIsBusy(false);
        return;
      }
      await post();
      window.location.assign(to);
    } catch (error) {
      setFailure(failureText(error));
      setIsBusy(false);
    }
  }

  return { failure, isBusy, signIn };
}
