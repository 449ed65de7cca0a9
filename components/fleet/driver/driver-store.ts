'use client';

import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { forgetJob, forgetSnapshots, keepOnlyJobs, keepSnapshot, readSnapshot } from './offline-snapshots';

// The driver app's server data: a few polled JSON reads, kept per key, in the shape the
// dashboard's TanStack Query code has (a key factory, query functions taking the abort signal,
// set / invalidate by key prefix). Why not TanStack Query itself: it is ~13 KB
// gzip of first-load script, and the driver app's budget on a phone is 150 KB of which Next and
// React take 129 KB. What the app needs of it fits in this file: a cache, polling, one request
// in flight per key, refetch on focus and when the connection returns, paused while offline.

export type QueryKey = readonly string[];

export interface QueryDef<T> {
  key: QueryKey;
  fetch: (signal: AbortSignal) => Promise<T>;
  /** Milliseconds between reads while the page shows it, or a function of the data read. */
  intervalMs: number | ((data: T | undefined) => number);
  /** A read younger than this is not repeated when a screen mounts or the app returns to the foreground. */
  staleMs: number;
  /**
   * What of a read to keep on the phone for a start without signal (offline-snapshots.ts), or
   * null to keep nothing (and drop the earlier copy). Until the first read answers, a screen
   * shows the kept copy.
   */
  offlineCopy?: (data: T) => T | null;
  /**
   * The job this read is about: once a read (or an answer the app sets) says it is no longer
   * under way (offlineCopy gives null) or no longer the driver's (403, 404), every copy of it
   * goes, in every language and every list, with its page in the service worker's cache.
   */
  jobId?: string;
  /**
   * For a list of the driver's jobs: the ids of those under way in it. They are all the driver
   * has on the road: a copy of any other job, made before the read, goes.
   */
  underWay?: (data: T) => string[];
}

export interface QuerySnapshot<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

interface Entry {
  data: unknown;
  error: unknown;
  updatedAt: number;
  /** When the last read started, answered or not: a failing read is retried at the interval, not each tick. */
  attemptedAt: number;
  controller: AbortController | null;
  def: QueryDef<unknown> | null;
  listeners: Set<() => void>;
  snapshot: QuerySnapshot<unknown>;
}

const TICK_MS = 1_000;
const EMPTY: QuerySnapshot<never> = { data: undefined, error: undefined, isPending: true };
const entries = new Map<string, Entry>();
const idOf = (key: QueryKey) => JSON.stringify(key);

function entryOf(key: QueryKey): Entry {
  const id = idOf(key);
  let entry = entries.get(id);
  if (!entry) {
    entry = { data: undefined, error: undefined, updatedAt: 0, attemptedAt: 0, controller: null, def: null, listeners: new Set(), snapshot: EMPTY };
    entries.set(id, entry);
  }
  return entry;
}

function publish(entry: Entry): void {
  entry.snapshot = { data: entry.data, error: entry.data === undefined ? entry.error : undefined, isPending: entry.data === undefined && entry.error === undefined };
  for (const listener of entry.listeners) listener();
}

/** An answer saying the data is not the driver's (any more), or that they are signed out. */
function isGone(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError && [401, 403, 404].includes(error.status);
}

/** Keeps on the phone what `def` says to keep of `data`, or drops it (a finished job: every copy of it). `readAt`: when the read that answered started. */
function keepCopy<T>(def: QueryDef<T>, data: T, readAt?: number): void {
  if (!def.offlineCopy) return;
  const copy = def.offlineCopy(data);
  const underWay = def.underWay?.(data);
  if (copy === null && def.jobId) void forgetJob(def.jobId);
  else void keepSnapshot(idOf(def.key), copy, def.jobId ? [def.jobId] : (underWay ?? []));
  if (underWay && readAt !== undefined) void keepOnlyJobs(underWay, readAt);
}

/** Reads `def` now, unless a read is already in flight (`force`: abort that one and read again). */
export async function fetchQuery<T>(def: QueryDef<T>, force = false): Promise<void> {
  const entry = entryOf(def.key);
  entry.def = def as QueryDef<unknown>;
  if (entry.controller && !force) return;
  entry.controller?.abort();
  // No connection: nothing to ask; the `online` event asks again.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const controller = new AbortController();
  entry.controller = controller;
  const readAt = Date.now();
  entry.attemptedAt = readAt;
  try {
    const data = await def.fetch(controller.signal);
    // Aborted meanwhile (a newer read, or an answer the app set): this one is older news.
    if (controller.signal.aborted) return;
    entry.data = data;
    entry.error = undefined;
    entry.updatedAt = Date.now();
    keepCopy(def, data, readAt);
  } catch (error) {
    if (controller.signal.aborted) return;
    entry.error = error;
    // Not the driver's (any more), or signed out: the screen stops showing what it read before
    // (or restored from a copy), and no copy of it stays on the phone.
    if (isGone(error)) {
      entry.data = undefined;
      if (error.status === 401) void forgetSnapshots();
      else if (def.jobId) void forgetJob(def.jobId);
      else if (def.offlineCopy) void keepSnapshot(idOf(def.key), null, []);
    }
  } finally {
    if (entry.controller === controller) entry.controller = null;
  }
  publish(entry);
}

export function getQueryData<T>(key: QueryKey): T | undefined {
  return entries.get(idOf(key))?.data as T | undefined;
}

/** Shows the kept copy of `def` until its first read answers (a start without signal). */
async function restoreSnapshot<T>(def: QueryDef<T>): Promise<void> {
  const data = await readSnapshot(idOf(def.key));
  const entry = entryOf(def.key);
  // A read answered meanwhile: its data, or its word that the data is gone, wins over the copy.
  if (data === undefined || entry.data !== undefined || isGone(entry.error)) return;
  entry.data = data;
  publish(entry);
}

/** Replaces what the screens show for `key` (an answer the server already gave, an optimistic change); stops a read in flight. */
export function setQueryData<T>(key: QueryKey, update: T | ((current: T | undefined) => T | undefined)): void {
  const entry = entryOf(key);
  entry.controller?.abort();
  entry.controller = null;
  entry.data = typeof update === 'function' ? (update as (current: T | undefined) => T | undefined)(entry.data as T | undefined) : update;
  entry.updatedAt = Date.now();
  // The server's answer to an action (a delivered job): kept, or dropped, like a read's.
  if (entry.def && entry.data !== undefined) keepCopy(entry.def, entry.data);
  publish(entry);
}

/** Forgets every answer (a sign-out, a phone changing hands): the screens show nothing read before. */
export function clearQueries(): void {
  for (const entry of entries.values()) {
    entry.controller?.abort();
    entry.controller = null;
    entry.data = undefined;
    entry.error = undefined;
    entry.updatedAt = 0;
    publish(entry);
  }
}

/** Reads again every key under `prefix` that a screen shows. */
export function invalidateQueries(prefix: QueryKey): void {
  for (const [id, entry] of entries) {
    const key = JSON.parse(id) as string[];
    const isUnder = prefix.every((part, index) => key[index] === part);
    if (isUnder && entry.def && entry.listeners.size > 0) void fetchQuery(entry.def, true);
    else if (isUnder) entry.updatedAt = 0;
  }
}

/** The data of `def`, read when the screen mounts (unless fresh) and then every `intervalMs` while the page is visible. */
export function useDriverQuery<T>(def: QueryDef<T>): QuerySnapshot<T> & { refetch: () => void } {
  const id = idOf(def.key);
  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryOf(JSON.parse(id) as string[]);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [id],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => entryOf(def.key).snapshot,
    () => EMPTY,
  ) as QuerySnapshot<T>;

  useEffect(() => {
    const entry = entryOf(def.key);
    if (def.offlineCopy && entry.data === undefined) void restoreSnapshot(def);
    const readIfStale = () => {
      if (Date.now() - entry.updatedAt >= def.staleMs) void fetchQuery(def);
    };
    readIfStale();
    // The interval may depend on the data (on duty: poll faster), so it is looked at each second.
    const timer = setInterval(() => {
      const intervalMs = typeof def.intervalMs === 'function' ? def.intervalMs(entry.data as T | undefined) : def.intervalMs;
      if (document.visibilityState === 'visible' && Date.now() - Math.max(entry.updatedAt, entry.attemptedAt) >= intervalMs) void fetchQuery(def);
    }, TICK_MS);
    const onOnline = () => void fetchQuery(def, true);
    const onVisible = () => document.visibilityState === 'visible' && readIfStale();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
    // One subscription per key: the definition of a key does not change between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  return { ...snapshot, refetch: () => void fetchQuery(def, true) };
}
