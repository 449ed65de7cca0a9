import { beforeEach, describe, expect, it } from 'vitest';
import { clearPendingSignOut, finishSignOut, isSignOutPending, pendingSignOut, requestSignOut, sessionEndOf, type BeforeEnd, type SessionEnd } from './pending-sign-out';

// Regression: signing out without signal only looked done: the DELETE failed unseen, the session
// lived on and the queued proof stayed on the phone. A sign-out is now kept until the server has
// the queue and has ended the session; only then is the phone wiped.

function steps(before: BeforeEnd, end: SessionEnd) {
  const calls: string[] = [];
  return {
    calls,
    steps: {
      beforeEnd: async () => {
        calls.push('send queued');
        return before;
      },
      end: async () => {
        calls.push('end session');
        return end;
      },
      afterEnd: async () => {
        calls.push('wipe');
      },
    },
  };
}

describe('a pending sign-out', () => {
  beforeEach(() => clearPendingSignOut());

  it('is kept, with nothing ended or wiped, while the queued updates cannot be sent', async () => {
    requestSignOut('drv_1', 1_000);
    const { calls, steps: waiting } = steps('wait', 'ended');
    expect(await finishSignOut(waiting)).toBe('waiting');
    expect(calls).toEqual(['send queued']);
    expect(pendingSignOut()).toEqual({ driverId: 'drv_1', at: 1_000 });
  });

  it('is kept while the server cannot be reached to end the session', async () => {
    requestSignOut('drv_1');
    const { calls, steps: offline } = steps('ready', 'unreachable');
    expect(await finishSignOut(offline)).toBe('waiting');
    expect(calls).toEqual(['send queued', 'end session']);
    expect(isSignOutPending()).toBe(true);
  });

  it('finishes in order once the signal returns: the queue, then the session, then the wipe', async () => {
    requestSignOut('drv_1');
    const { calls, steps: online } = steps('ready', 'ended');
    expect(await finishSignOut(online)).toBe('done');
    expect(calls).toEqual(['send queued', 'end session', 'wipe']);
    expect(isSignOutPending()).toBe(false);
  });

  it('finishes when the session had already ended elsewhere, even without reaching the server', async () => {
    requestSignOut(null);
    const { calls, steps: gone } = steps('session-gone', 'unreachable');
    expect(await finishSignOut(gone)).toBe('done');
    expect(calls).toEqual(['send queued', 'end session', 'wipe']);
  });

  it('is asked once: a second sign-out keeps the first one’s driver', () => {
    requestSignOut('drv_1', 1);
    requestSignOut('drv_2', 2);
    expect(pendingSignOut()).toEqual({ driverId: 'drv_1', at: 1 });
  });

  it('does nothing when none is pending', async () => {
    const { calls, steps: none } = steps('ready', 'ended');
    expect(await finishSignOut(none)).toBe('done');
    expect(calls).toEqual([]);
  });

  it('tries again when the server fails or is busy, and not after any other answer', () => {
    expect([0, 408, 429, 500, 503].map(sessionEndOf)).toEqual(Array(5).fill('unreachable'));
    expect([204, 401, 403].map(sessionEndOf)).toEqual(Array(3).fill('ended'));
  });
});
