import { idbClear, idbDelete, idbGet, idbPut, SNAPSHOT_STORE } from './idb';

// Copies of what the driver's screens showed (the jobs under way, their details), kept on the
// phone so the app started without signal shows the job it is on, not only its outbox. Only
// jobs under way are kept (QueryDef.offlineCopy says what of a read to keep): a finished
// delivery's customer is dropped from the phone with its next read, every copy goes at sign-out,
// and a copy older than a day is not shown.

const MAX_AGE_MS = 24 * 3_600_000;

interface Snapshot {
  key: string;
  data: unknown;
  savedAt: number;
}

/** Keeps `data` as the copy of `key`, or drops the copy when `data` is null. Never throws: the copy is a convenience. */
export async function keepSnapshot(key: string, data: unknown): Promise<void> {
  try {
    if (data === null) await idbDelete(SNAPSHOT_STORE, key);
    else await idbPut<Snapshot>(SNAPSHOT_STORE, { key, data, savedAt: Date.now() });
  } catch {
    // private mode or storage full: the app works without it
  }
}

/** The copy of `key`, if there is one less than a day old. */
export async function readSnapshot(key: string): Promise<unknown> {
  try {
    const snapshot = await idbGet<Snapshot>(SNAPSHOT_STORE, key);
    if (!snapshot) return undefined;
    if (Date.now() - snapshot.savedAt > MAX_AGE_MS) {
      await idbDelete(SNAPSHOT_STORE, key);
      return undefined;
    }
    return snapshot.data;
  } catch {
    return undefined;
  }
}

/** Drops every copy (sign-out). */
export async function forgetSnapshots(): Promise<void> {
  try {
    await idbClear(SNAPSHOT_STORE);
  } catch {
    // nothing kept
  }
}
