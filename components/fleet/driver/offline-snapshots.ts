import { isSignOutPending } from '@/components/platform/shell/pending-sign-out';
import { idbDelete, idbGet, idbPut, idbRewrite, SNAPSHOT_STORE } from './idb';
import { dropPage } from './page-cache';

// Copies of what the driver's screens showed (the jobs under way, their details), kept on the
// phone so the app started without signal shows the job it is on, not only its outbox. They hold
// customers' names, phones and gate codes, so they are a driver's own and short-lived:
// - each copy is the signed-in driver's (its key starts with the driver's id): a phone that
//   changes hands never shows the next driver a copy of the last one's, and keeps none of them
//   (phone-data.ts claims the phone for the driver the page was rendered for);
// - only jobs under way are kept (QueryDef.offlineCopy says what of a read to keep); a job
//   finished, taken away (404) or missing from the driver's list loses every copy of it, in
//   every language, lists included, and its page in the service worker's cache;
// - nothing is kept while a sign-out is pending, every copy goes at sign-out, and a copy older
//   than a day is not shown.

const MAX_AGE_MS = 24 * 3_600_000;

export interface Snapshot {
  /** `${driverId} ${query key}`. */
  key: string;
  driverId: string;
  /** The jobs whose details the copy holds: one for a job's read, those listed for a list's. */
  jobIds: string[];
  data: unknown;
  savedAt: number;
}

let owner: string | null = null;
let markOwnerKnown: (driverId: string) => void = () => {};
/** Resolved once the runtime has said whose phone this is (phone-data.ts, claimPhone): no copy is read or written before. */
let ownerKnown = new Promise<string>((resolve) => (markOwnerKnown = resolve));

/** The driver whose copies are read and written from now on. */
export function setSnapshotOwner(driverId: string): void {
  if (owner !== null && owner !== driverId) ownerKnown = Promise.resolve(driverId);
  owner = driverId;
  markOwnerKnown(driverId);
}

const keyOf = (driverId: string, id: string) => `${driverId} ${id}`;
/** A job's screen, as the service worker keys it (the request's path). */
const jobPage = (jobId: string) => `/driver/jobs/${encodeURIComponent(jobId)}`;

/**
 * What becomes of a copy once `isGone(jobId)` says which jobs it may no longer hold: the same
 * record, one with the gone jobs left out (a list), or null (drop it).
 */
export function pruneSnapshot(snapshot: Snapshot, isGone: (jobId: string) => boolean): Snapshot | null {
  const jobIds = Array.isArray(snapshot.jobIds) ? snapshot.jobIds : [];
  const kept = jobIds.filter((id) => !isGone(id));
  if (kept.length === jobIds.length) return snapshot;
  if (kept.length === 0 || !Array.isArray(snapshot.data)) return null;
  const data = (snapshot.data as { id?: unknown }[]).filter((item) => typeof item?.id === 'string' && kept.includes(item.id));
  return { ...snapshot, jobIds: kept, data };
}

/** Applies `change` to every copy on the phone, in one transaction; a copy it maps to null is deleted. Never throws. */
async function rewrite(change: (snapshot: Snapshot) => Snapshot | null): Promise<void> {
  try {
    await idbRewrite<Snapshot>(SNAPSHOT_STORE, change);
  } catch {
    // private mode or storage full: nothing kept
  }
}

/** Keeps `data` as the copy of query `id`, holding `jobIds`, or drops the copy when `data` is null. Never throws: the copy is a convenience. */
export async function keepSnapshot(id: string, data: unknown, jobIds: string[]): Promise<void> {
  const driverId = await ownerKnown;
  try {
    if (data === null) await idbDelete(SNAPSHOT_STORE, keyOf(driverId, id));
    else if (!isSignOutPending()) await idbPut<Snapshot>(SNAPSHOT_STORE, { key: keyOf(driverId, id), driverId, jobIds, data, savedAt: Date.now() });
  } catch {
    // private mode or storage full: the app works without it
  }
}

/** The signed-in driver's copy of query `id`, if there is one less than a day old. */
export async function readSnapshot(id: string): Promise<unknown> {
  const driverId = await ownerKnown;
  if (isSignOutPending()) return undefined;
  try {
    const snapshot = await idbGet<Snapshot>(SNAPSHOT_STORE, keyOf(driverId, id));
    if (!snapshot) return undefined;
    if (Date.now() - snapshot.savedAt > MAX_AGE_MS) {
      await idbDelete(SNAPSHOT_STORE, snapshot.key);
      return undefined;
    }
    return snapshot.data;
  } catch {
    return undefined;
  }
}

/** Drops every copy of a job (finished, or no longer the driver's): each language's, the lists' entry, its page. */
export async function forgetJob(jobId: string): Promise<void> {
  const driverId = await ownerKnown;
  await Promise.all([
    rewrite((snapshot) => (snapshot.driverId === driverId ? pruneSnapshot(snapshot, (id) => id === jobId) : snapshot)),
    dropPage(driverId, jobPage(jobId)),
  ]);
}

/**
 * After a read of the driver's list, made at `readAt`: the jobs it lists under way are all the
 * driver has on the road; a copy of any other job made before the read goes (finished, or given
 * to another driver, while no screen read it).
 */
export async function keepOnlyJobs(underWay: string[], readAt: number): Promise<void> {
  const driverId = await ownerKnown;
  const gone = new Set<string>();
  await rewrite((snapshot) => {
    if (snapshot.driverId !== driverId || snapshot.savedAt >= readAt) return snapshot;
    const next = pruneSnapshot(snapshot, (id) => !underWay.includes(id));
    for (const id of snapshot.jobIds ?? []) if (!underWay.includes(id)) gone.add(id);
    return next;
  });
  await Promise.all([...gone].map((id) => dropPage(driverId, jobPage(id))));
}

/** Drops the copies of every driver but `keepDriverId` (every copy when null): a sign-out, a phone changing hands. */
export async function forgetSnapshots(keepDriverId: string | null = null): Promise<void> {
  await rewrite((snapshot) => (keepDriverId !== null && snapshot.driverId === keepDriverId ? snapshot : null));
}
