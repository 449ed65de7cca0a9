import { describe, expect, it } from 'vitest';
import { db, dbKind } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { onAnyDispatchChange, onDispatchChange, whenLive, type DispatchChangeListener } from '@/lib/dispatch/server/live/dispatch-changes';
import { dispatchBody, newAccount } from '@/test/fixtures';

async function waitUntil(check: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('dispatch change relay', () => {
  // A regression test: Next bundles this module into the staff's and the console's stream
  // routes, and with module state each bundle opened its own LISTEN connection.
  it('is one LISTEN per process even when the module is loaded twice, and relays each change once to each listener', async () => {
    // @ts-expect-error a second instance of the module, as a second route bundle has
    const second = (await import('@/lib/dispatch/server/live/dispatch-changes?second-bundle')) as typeof import('@/lib/dispatch/server/live/dispatch-changes');
    expect(second.onAnyDispatchChange).not.toBe(onAnyDispatchChange);
    const account = await newAccount();
    const seenByAccount: string[] = [];
    const seenByConsole: string[] = [];
    const collect =
      (into: string[]): DispatchChangeListener =>
      (change) => {
        if (change !== 'resync' && change.accountId === account.id) into.push(change.dispatchId);
      };
    const stopAccount = onDispatchChange(account.id, collect(seenByAccount));
    const stopConsole = second.onAnyDispatchChange(collect(seenByConsole));
    try {
      expect(await whenLive()).toBe(true);
      expect(await second.whenLive()).toBe(true);
      if (dbKind() === 'postgres') {
        const [listening] = await db().$queryRaw<{ count: number }[]>`
          SELECT count(*)::int AS count FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN%dispatch_changes%'`;
        expect(listening?.count).toBe(1);
      }
      const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
      await waitUntil(() => seenByAccount.length > 0 && seenByConsole.length > 0, 'the change');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seenByAccount).toEqual([dispatch.id]);
      expect(seenByConsole).toEqual([dispatch.id]);
    } finally {
      stopAccount();
      stopConsole();
    }
  });
});
