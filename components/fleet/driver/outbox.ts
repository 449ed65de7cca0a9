import { ApiClientError } from '@/components/platform/client/api-fetch';
import { isSignOutPending } from '@/components/platform/shell/pending-sign-out';
import { leavePage } from '@/components/platform/client/leave-page';
import { idbAdd, idbAll, idbDelete, idbRewrite, OUTBOX_STORE } from './idb';

// The phone's outbox: every write the driver makes (a status, a proof image, a failed delivery,
// a batch of positions) is first stored in IndexedDB with an Idempotency-Key made at that moment,
// then sent in the order made. Without signal it waits there (surviving a reload or a closed
// app) and goes when the connection returns; a send that may or may not have reached the server
// is simply sent again with the same key, and the server answers the repeat with its first reply,
// so nothing is applied twice.
//
// Signing out (components/platform/shell/pending-sign-out.ts, driver-sign-out.ts): what waits here is the
// driver's work (a delivery's status, its proof), so it is sent before the session is ended,
// with that session, whether the sign-out was asked with signal or without (then it waits,
// with the screen locked, until the signal returns). Only then is the session deleted and the
// outbox emptied with the rest of the phone's data. Entries that no session on this phone can
// send any more are dropped rather than kept: those of a session already ended elsewhere
// (expired, revoked) when a sign-out finishes (the sign-in page then tells how many, so the
// driver tells their dispatcher), and another driver's when the phone changes hands
// (phone-data.ts, claimPhone). They hold a customer's door photo, PIN or signature, and only
// their own driver's session could have sent them.

export type OutboxKind = 'status' | 'media' | 'deliver' | 'fail' | 'positions';

export interface OutboxEntry {
  seq?: number;
  /** The Idempotency-Key. */
  key: string;
  driverId: string;
  dispatchId: string | null;
  kind: OutboxKind;
  path: string;
  contentType: string;
  body: string | Blob;
  createdAt: number;
  /** What the UI shows meanwhile (the status it moved to). */
  label?: string;
}

export type Outcome = { state: 'sent'; body: unknown } | { state: 'refused'; error: ApiClientError } | { state: 'queued' };

/** What waits is sent again this often (driver-runtime.tsx): a missed `online` event (some phones never fire it) costs at most this long. */
export const RETRY_SYNC_MS = 15_000;

let driverId: string | null = null;
let pending: OutboxEntry[] = [];
let isOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
/** The server answered 401 to the last flush: the session that made the entries has ended. */
let hasSessionEnded = false;
const listeners = new Set<() => void>();
type SettledListener = (entry: OutboxEntry, outcome: Exclude<Outcome, { state: 'queued' }>, isAwaited: boolean) => void;
const settledListeners = new Set<SettledListener>();
/** Keys of entries whose submit() call is waiting for the outcome (its screen shows it). */
const awaited = new Set<string>();
/**
 * Outcomes of awaited entries, whichever flush sent them: a flush already under way (the
 * runtime's, on an interval) may pick up an entry just stored and send it before the flush its
 * submit() asked for.
 */
const awaitedOutcomes = new Map<string, Outcome>();

function notify(): void {
  for (const listener of listeners) listener();
}

let markStarted: () => void = () => {};
/** Resolved once the runtime (loaded just after the page) has said whose outbox this is. */
const started = new Promise<void>((resolve) => (markStarted = resolve));

/** The signed-in driver: only their entries are sent (a shared phone keeps another's aside). */
export async function startOutbox(id: string): Promise<void> {
  driverId = id;
  await reload();
  markStarted();
}

async function reload(): Promise<void> {
  try {
    pending = (await idbAll<OutboxEntry>(OUTBOX_STORE)).filter((entry) => entry.driverId === driverId);
  } catch {
    // No IndexedDB (a private window on an old browser): the outbox lives in memory only.
  }
  notify();
}

/** For useSyncExternalStore: the entries still to send and whether the last send reached the server. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const pendingEntries = (): readonly OutboxEntry[] => pending;
export const lastSendReachedServer = (): boolean => isOnline;

/** The browser says the connection changed: show it now, and send what waits when it is back. */
export function setOnline(online: boolean): void {
  isOnline = online;
  notify();
  if (online) void flush();
}

/**
 * Called for each entry that left the outbox: sent, or refused by the server. `isAwaited`: the
 * screen that made it is waiting for this outcome (it tells the driver itself).
 */
export function onSettled(listener: SettledListener): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context: the app is served over HTTPS or localhost). */
export function newKey(): string {
  return crypto.randomUUID();
}

/** Stores an entry on the phone (the action has happened from now on), then tries to send. */
export async function submit(entry: Omit<OutboxEntry, 'seq' | 'key' | 'driverId' | 'createdAt'> & { key?: string }): Promise<Outcome> {
  await started;
  if (!driverId) throw new Error('The outbox has not started');
  const full: OutboxEntry = { ...entry, key: entry.key ?? newKey(), driverId, createdAt: Date.now() };
  try {
    full.seq = await idbAdd(OUTBOX_STORE, full);
  } catch {
    full.seq = -Date.now(); // kept in memory only
  }
  pending = [...pending, full];
  notify();
  awaited.add(full.key);
  try {
    await flush();
    return awaitedOutcomes.get(full.key) ?? { state: 'queued' };
  } finally {
    awaited.delete(full.key);
    awaitedOutcomes.delete(full.key);
  }
}

let running: Promise<Map<string, Outcome>> | null = null;

/**
 * Sends what waits, oldest first, and stops at the first entry that cannot go now (no
 * connection, server busy): the rest keep their order. An entry the server refuses (a 4xx: the
 * delivery was cancelled meanwhile, a wrong PIN) is dropped and reported; it would be refused
 * again. One flush at a time in this tab, and across tabs by a Web Lock where there is one.
 */
export function flush(): Promise<Map<string, Outcome>> {
  const previous = running ?? Promise.resolve(new Map());
  const next = previous.then(() => withLock(sendAll));
  running = next.finally(() => {
    if (running === next) running = null;
  }) as Promise<Map<string, Outcome>>;
  return next;
}

async function withLock<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request('dispatch-driver-outbox', run);
  return run();
}

async function sendAll(): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  await reload(); // another tab may have sent some
  for (const entry of pending) {
    const result = await send(entry);
    if (result === 'retry') break;
    await remove(entry);
    outcomes.set(entry.key, result);
    if (awaited.has(entry.key)) awaitedOutcomes.set(entry.key, result);
    for (const listener of settledListeners) listener(entry, result, awaited.has(entry.key));
  }
  notify();
  return outcomes;
}

/**
 * Before the session of `id` is ended: sends every entry of theirs that waits. `remaining`: what
 * could not go; `hasSessionEnded`: the server no longer knows the session (nothing more can go).
 */
export async function flushBeforeSignOut(id: string): Promise<{ remaining: number; hasSessionEnded: boolean }> {
  if (driverId !== id) await startOutbox(id);
  hasSessionEnded = false;
  await flush();
  return { remaining: pending.length, hasSessionEnded };
}

/** Deletes the entries of every driver but `keepDriverId` (every entry when null). Never throws. */
export async function dropEntries(keepDriverId: string | null): Promise<void> {
  const isKept = (entry: OutboxEntry) => keepDriverId !== null && entry.driverId === keepDriverId;
  try {
    await idbRewrite<OutboxEntry>(OUTBOX_STORE, (entry) => (isKept(entry) ? entry : null));
  } catch {
    // no IndexedDB: only memory
  }
  pending = pending.filter(isKept);
  notify();
}

async function remove(entry: OutboxEntry): Promise<void> {
  pending = pending.filter((other) => other.key !== entry.key);
  if (entry.seq !== undefined && entry.seq >= 0) await idbDelete(OUTBOX_STORE, entry.seq).catch(() => {});
}

async function send(entry: OutboxEntry): Promise<Exclude<Outcome, { state: 'queued' }> | 'retry'> {
  let response: Response;
  try {
    response = await fetch(entry.path, {
      method: 'POST',
      headers: { 'content-type': entry.contentType, 'idempotency-key': entry.key },
      body: entry.body,
      credentials: 'same-origin',
    });
  } catch {
    isOnline = false;
    return 'retry';
  }
  isOnline = true;
  const body = (await response.json().catch(() => null)) as { error?: string; error_desc?: string } | null;
  if (response.ok) return { state: 'sent', body };
  const code = body?.error ?? 'http_error';
  // Not signed in (the page goes to the sign-in), the server failing or busy, or this same key
  // still running from a send that timed out: try again later, in order. So is a proof image over
  // the driver's upload allowance (429): dropped, the delivery's photo or signature would be lost.
  const isRetryable =
    response.status === 401 ||
    response.status === 408 ||
    response.status >= 500 ||
    code === 'idempotency_in_progress' ||
    (response.status === 429 && (entry.kind === 'positions' || entry.kind === 'media'));
  if (isRetryable) {
    if (response.status === 401) hasSessionEnded = true;
    // A pending sign-out finishes itself (it drops what can no longer be sent).
    // A full load drops the ended session's data.
    if (response.status === 401 && !isSignOutPending()) leavePage(`/driver/login?next=${encodeURIComponent(window.location.pathname)}`);
    else retryAfter(response.headers.get('retry-after'));
    return 'retry';
  }
  return { state: 'refused', error: new ApiClientError(response.status, code, body?.error_desc ?? `HTTP ${response.status}`) };
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The server asked for the entry again in `header` seconds (`retry-after`; a position racing the
 * driver's other dispatch is asked again in 1): sent then, not at the next interval, so a
 * "Delivered" queued behind it is not held for 15 s. A longer wait is left to the interval.
 */
function retryAfter(header: string | null): void {
  const seconds = header === null ? NaN : Number(header);
  if (!(seconds >= 0 && seconds * 1000 < RETRY_SYNC_MS) || retryTimer !== undefined) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void flush();
  }, seconds * 1000);
}
