import { onClose } from '@/lib/platform/server/db/client';
import { subscribe, type Subscription } from '@/lib/platform/server/db/notifications';
import { processWide } from '@/lib/platform/server/process-wide';

/**
 * The channel the database announces every dispatch event on (trigger function
 * `notify_dispatch_change`, lib/dispatch/server/sql); lib/platform/server/db/notify-channels.test.ts holds the two names together.
 */
export const DISPATCH_CHANGES_CHANNEL = 'dispatch_changes';

/** A domain event as the database announced it (see the trigger `dispatch_events_notify_change`). */
export interface DispatchChange {
  accountId: string;
  dispatchId: string;
  sequence: number;
  type: string;
}

/** `change`, or `resync` when notifications may have been missed and everything must be re-read. */
export type DispatchChangeListener = (change: DispatchChange | 'resync') => void;

// One LISTEN per server process, fanned out to the browsers of each account. The notification
// comes from the database, so a change written by any instance (or a worker) reaches them all.
interface Relay {
  listeners: Map<string, Set<DispatchChangeListener>>;
  /** The console's listeners: every account's changes. */
  everyAccount: Set<DispatchChangeListener>;
  subscription: Subscription | null;
}

// One per process: with module state, each route that streams (the staff's and the console's)
// opened its own LISTEN connection — one more backend for PostgreSQL to wake on every event,
// and every event parsed twice.
function relay(): Relay {
  return processWide<Relay>('dispatchChangeRelay', () => ({ listeners: new Map(), everyAccount: new Set(), subscription: null }));
}

function ensureSubscribed(): Subscription {
  const { listeners, everyAccount, subscription } = relay();
  if (subscription) return subscription;
  const created = subscribe(
    DISPATCH_CHANGES_CHANNEL,
    (payload) => {
      const [accountId, dispatchId, sequence, type] = payload.split(' ');
      if (!accountId || !dispatchId || !type) return;
      const change = { accountId, dispatchId, sequence: Number(sequence), type };
      for (const listener of listeners.get(accountId) ?? []) listener(change);
      for (const listener of everyAccount) listener(change);
    },
    () => {
      for (const set of listeners.values()) for (const listener of set) listener('resync');
      for (const listener of everyAccount) listener('resync');
    },
  );
  relay().subscription = created;
  onClose(async () => {
    relay().subscription = null;
  });
  return created;
}

const LIVE_POLL_MS = 25;

/** Resolves once notifications are being received (or after `timeoutMs`, whichever is first). */
export async function whenLive(timeoutMs = 5_000): Promise<boolean> {
  const started = Date.now();
  while (!ensureSubscribed().isLive) {
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS));
  }
  return true;
}

/** Calls `listener` for every domain event of the account until the returned function is called. */
export function onDispatchChange(accountId: string, listener: DispatchChangeListener): () => void {
  ensureSubscribed();
  const { listeners } = relay();
  let set = listeners.get(accountId);
  if (!set) listeners.set(accountId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(accountId);
  };
}

/** Calls `listener` for every domain event of every account (admins) until the returned function is called. */
export function onAnyDispatchChange(listener: DispatchChangeListener): () => void {
  ensureSubscribed();
  const { everyAccount } = relay();
  everyAccount.add(listener);
  return () => {
    everyAccount.delete(listener);
  };
}
