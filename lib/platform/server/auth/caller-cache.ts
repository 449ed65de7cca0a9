import { onClose } from '@/lib/platform/server/db/client';
import { subscribe, type Subscription } from '@/lib/platform/server/db/notifications';
import { forgetProcessWide, processWide } from '@/lib/platform/server/process-wide';
import type { ApiKeyCaller } from '@/lib/edge/server/authenticate-api-key';

// Every vendor request starts with an API-key lookup; caching it saves a database round trip
// per request (see bench/). The cache stays correct across server instances: a trigger on
// api_keys and accounts NOTIFYs `auth_changes` on every update or delete, committed with the
// change, and every instance evicts on receipt. While the listener is down (connecting,
// reconnecting) the cache is bypassed and emptied, so nothing missed can be served stale.
// Entries also expire after TTL_MS as a backstop.

/** Notified by the trigger function `notify_auth_change` (lib/platform/server/sql); lib/platform/server/db/notify-channels.test.ts checks the name. */
export const AUTH_CHANGES_CHANNEL = 'auth_changes';
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  caller: ApiKeyCaller;
  expiresAt: number;
}

interface CacheState {
  entries: Map<string, Entry>;
  subscription: Subscription | null;
  /** Bumped by every eviction: a lookup that raced one must not be cached. */
  generation: number;
}

// One per process, not per route bundle.
const KEY = 'callerCache';

function state(): CacheState {
  return processWide<CacheState>(KEY, () => ({ entries: new Map(), subscription: null, generation: 0 }));
}

function evict(payload: string) {
  const cache = state();
  cache.generation++;
  const separator = payload.indexOf(':');
  const kind = payload.slice(0, separator);
  const id = payload.slice(separator + 1);
  if (kind === 'key') {
    cache.entries.delete(id);
    return;
  }
  for (const [hash, entry] of cache.entries) {
    if (entry.caller.accountId === id) cache.entries.delete(hash);
  }
}

function isLive(): boolean {
  const cache = state();
  if (!cache.subscription) {
    cache.subscription = subscribe(AUTH_CHANGES_CHANNEL, evict, () => {
      cache.generation++;
      cache.entries.clear();
    });
    // When the database client closes (restart, tests) start over with the next one.
    onClose(async () => resetCallerCache());
  }
  return cache.subscription.isLive;
}

/** The cached caller for a key hash, if the cache is live and holds a fresh entry. */
export function cachedCaller(hash: string): ApiKeyCaller | undefined {
  if (!isLive()) return undefined;
  const entry = state().entries.get(hash);
  if (!entry) return undefined;
  if (entry.expiresAt > Date.now()) return entry.caller;
  state().entries.delete(hash);
  return undefined;
}

/** A token to pass to `rememberCaller`: taken before the lookup it guards. */
export function cacheGeneration(): number {
  return state().generation;
}

/** Caches a caller looked up from the database, unless an eviction happened meanwhile. */
export function rememberCaller(hash: string, caller: ApiKeyCaller, generation: number): void {
  const cache = state();
  if (!isLive() || generation !== cache.generation) return;
  if (cache.entries.size >= MAX_ENTRIES) {
    const oldest = cache.entries.keys().next();
    if (!oldest.done) cache.entries.delete(oldest.value);
  }
  cache.entries.set(hash, { caller, expiresAt: Date.now() + TTL_MS });
}

/** Forgets everything, including the subscription (the database client was closed). */
function resetCallerCache(): void {
  forgetProcessWide(KEY);
}

/** Evicts a key at once in this process (other instances evict on the notification). */
export function forgetKey(hash: string): void {
  evict(`key:${hash}`);
}

/** Evicts every cached caller of an account at once in this process (other instances evict on the notification). */
export function forgetAccount(accountId: string): void {
  evict(`account:${accountId}`);
}
