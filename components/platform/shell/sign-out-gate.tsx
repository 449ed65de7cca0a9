'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { finishSignOut } from './pending-sign-out';
import { usePendingSignOut } from './use-pending-sign-out';
import { leavePage } from '@/components/platform/client/leave-page';

/** A missed `online` event (some phones never fire it) costs at most this long. */
const RETRY_MS = 10_000;

export interface SignOutGateText {
  signingOut: string;
  signOutOffline: string;
}

/** Where the browser goes once signed out, or null while the sign-out waits for the server. */
export type FinishSignOut = () => Promise<string | null>;

/**
 * The content of a signed-in frame, unless a sign-out is pending on this browser: then a lock in
 * its place (nothing of the user's data stays on screen), saying what is going on, while the
 * sign-out is finished (pending-sign-out.ts) at once, when the connection returns, every
 * RETRY_MS, and when the app comes back to the foreground. `finish` defaults to ending the
 * session and going to `signInPath`; the driver app's also sends the phone's queued updates
 * first and wipes what the phone kept after.
 */
export function SignOutGate({
  text,
  signInPath,
  finish,
  detail,
  children,
}: {
  text: SignOutGateText;
  signInPath: string;
  finish?: FinishSignOut;
  /** More to say while it waits (the driver app: how many updates go first). */
  detail?: ReactNode;
  children: ReactNode;
}) {
  const pending = usePendingSignOut();
  const [isWaiting, setIsWaiting] = useState(false);
  const pendingAt = pending?.at ?? null;

  useEffect(() => {
    if (pendingAt === null) return;
    let isStopped = false;
    // One attempt at a time, and one departure: the signal's return, the timer and the page coming
    // back into view can each start one, and a second navigation would abort the first.
    let isAttempting = false;
    let isLeaving = false;
    const attempt = async () => {
      if (isAttempting || isLeaving) return;
      isAttempting = true;
      let to: string | null = null;
      try {
        to = await (finish ? finish() : finishSignOut().then((state) => (state === 'done' ? signInPath : null)));
      } catch {
        // tried again on the next occasion
      } finally {
        isAttempting = false;
      }
      // A full load: nothing of the signed-out user stays in memory. (Finishing clears the
      // marker, which unmounts this effect first: the page must still leave.)
      if (to !== null) {
        isLeaving = true;
        leavePage(to);
      } else if (!isStopped) setIsWaiting(true);
    };
    const onOnline = () => void attempt();
    const onVisible = () => document.visibilityState === 'visible' && void attempt();
    void attempt();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(() => void attempt(), RETRY_MS);
    return () => {
      isStopped = true;
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [pendingAt, finish, signInPath]);

  if (pendingAt === null) return children;
  return (
    <section className="card stack" role="status" aria-live="polite" data-testid="sign-out-pending">
      <h1>{text.signingOut}</h1>
      {isWaiting ? <p>{text.signOutOffline}</p> : null}
      {detail}
    </section>
  );
}
