// Signing out is a request to the server (DELETE /api/session). Without a connection it cannot
// happen, and a sign-out that only looked done left the session alive on a phone or a computer
// handed on to someone else. So a sign-out is first written down here (localStorage: every tab
// of the browser sees it, and it survives a reload or a closed app), the screen locks at once
// (sign-out-gate.tsx), and the sign-out is finished as soon as the server can be reached: at
// once when online, else when the connection returns, at the next load of any signed-in page,
// or before the next sign-in on this browser (a new session must not be the one the pending
// sign-out then ends).
//
// There is no "stay signed in" once asked: the person who finds the locked screen may not be the
// one who signed out.

const STORAGE_KEY = 'dispatch-sign-out-pending';

export interface PendingSignOut {
  /** The driver signing out (their queued updates go first, their phone's copies are wiped after); null for staff and admins. */
  driverId: string | null;
  /** When the sign-out was asked for (ms). */
  at: number;
}

/** Where the marker lives when localStorage cannot be used (private mode on an old browser, tests): this tab only. */
let inMemory: string | null = null;
let isInMemory = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  if (isInMemory) return null;
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The marker as stored: a string, so useSyncExternalStore sees the same value until it changes. */
export function pendingSignOutRaw(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? inMemory;
}

export function parsePendingSignOut(raw: string | null): PendingSignOut | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSignOut>;
    return typeof value.at === 'number' ? { driverId: typeof value.driverId === 'string' ? value.driverId : null, at: value.at } : null;
  } catch {
    return null;
  }
}

export function pendingSignOut(): PendingSignOut | null {
  return parsePendingSignOut(pendingSignOutRaw());
}

export function isSignOutPending(): boolean {
  return pendingSignOut() !== null;
}

/** For useSyncExternalStore: this tab's changes, and other tabs' (the `storage` event). */
export function subscribePendingSignOut(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** Asks for the sign-out of whoever is signed in on this browser: from now on the screens lock until it is finished. */
export function requestSignOut(driverId: string | null, now = Date.now()): void {
  if (isSignOutPending()) return;
  const raw = JSON.stringify({ driverId, at: now } satisfies PendingSignOut);
  try {
    const stored = storage();
    if (stored) stored.setItem(STORAGE_KEY, raw);
    else inMemory = raw;
  } catch {
    // storage full or refused: this tab still locks and finishes it
    isInMemory = true;
    inMemory = raw;
  }
  notify();
}

export function clearPendingSignOut(): void {
  inMemory = null;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
  notify();
}

export type SessionEnd = 'ended' | 'unreachable';

/** What an answer to DELETE /api/session means: the server failing or busy is tried again; any other answer leaves no session. */
export function sessionEndOf(status: number): SessionEnd {
  return status === 0 || status === 408 || status === 429 || status >= 500 ? 'unreachable' : 'ended';
}

/** DELETE /api/session: ends the session of this browser's cookie and clears the cookie. */
export async function endSession(): Promise<SessionEnd> {
  try {
    const response = await fetch('/api/session', { method: 'DELETE', credentials: 'same-origin' });
    return sessionEndOf(response.status);
  } catch {
    return 'unreachable';
  }
}

/**
 * What has to happen before the session is ended: `ready` (nothing waits), `wait` (something
 * must still reach the server with this session: try again later), or `session-gone` (the
 * session already ended elsewhere: what waits can no longer be sent by anyone).
 */
export type BeforeEnd = 'ready' | 'wait' | 'session-gone';

export interface SignOutSteps {
  beforeEnd?: () => Promise<BeforeEnd>;
  /** Wipes what the browser kept of the signed-out user; runs once the session is ended. */
  afterEnd?: () => Promise<void>;
  /** Ends the session (tests pass their own). */
  end?: () => Promise<SessionEnd>;
}

let finishing: Promise<'done' | 'waiting'> | null = null;

/**
 * Finishes the pending sign-out, if there is one: what waits is sent first (with the session
 * still valid), then the session is ended, then the browser's copies are wiped, then the marker
 * goes. `waiting`: the server could not be reached; nothing was lost, try again later. One run
 * at a time in a tab (the `online` event and the retry timer may both ask).
 */
export function finishSignOut(steps: SignOutSteps = {}): Promise<'done' | 'waiting'> {
  finishing ??= (async () => {
    try {
      if (!isSignOutPending()) return 'done' as const;
      const before = (await steps.beforeEnd?.()) ?? 'ready';
      if (before === 'wait') return 'waiting' as const;
      const end = await (steps.end ?? endSession)();
      // A session already gone elsewhere needs no DELETE to end: only its cookie stays, refused.
      if (end === 'unreachable' && before !== 'session-gone') return 'waiting' as const;
      await steps.afterEnd?.();
      clearPendingSignOut();
      return 'done' as const;
    } finally {
      finishing = null;
    }
  })();
  return finishing;
}
