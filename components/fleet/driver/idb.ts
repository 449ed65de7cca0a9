// A few lines over IndexedDB instead of a dependency: one database, two object stores (the
// outbox, and the copies of jobs under way kept for a start without signal), the handful of calls
// they make. Each call is its own transaction.

const DB_NAME = 'dispatch-driver';
const DB_VERSION = 2;
export const OUTBOX_STORE = 'outbox';
export const SNAPSHOT_STORE = 'snapshots';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      // Entries are read back in the order they were made: an auto-increment key.
      if (!request.result.objectStoreNames.contains(OUTBOX_STORE)) request.result.createObjectStore(OUTBOX_STORE, { keyPath: 'seq', autoIncrement: true });
      // Snapshots are keyed by their query's key (version 2).
      if (!request.result.objectStoreNames.contains(SNAPSHOT_STORE)) request.result.createObjectStore(SNAPSHOT_STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

function settle<T>(request: IDBRequest<T>, transaction: IDBTransaction): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? request.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Adds a record; resolves to its generated key once it is on disk. */
export async function idbAdd<T>(store: string, value: T): Promise<number> {
  const transaction = (await open()).transaction(store, 'readwrite');
  return settle(transaction.objectStore(store).add(value) as IDBRequest<number>, transaction);
}

/** Every record of a store, in key order. */
export async function idbAll<T>(store: string): Promise<T[]> {
  const transaction = (await open()).transaction(store, 'readonly');
  return settle(transaction.objectStore(store).getAll() as IDBRequest<T[]>, transaction);
}

/** Adds or replaces the record with the same key. */
export async function idbPut<T>(store: string, value: T): Promise<void> {
  const transaction = (await open()).transaction(store, 'readwrite');
  await settle(transaction.objectStore(store).put(value), transaction);
}

export async function idbGet<T>(store: string, key: IDBValidKey): Promise<T | undefined> {
  const transaction = (await open()).transaction(store, 'readonly');
  return settle(transaction.objectStore(store).get(key) as IDBRequest<T | undefined>, transaction);
}

export async function idbClear(store: string): Promise<void> {
  const transaction = (await open()).transaction(store, 'readwrite');
  await settle(transaction.objectStore(store).clear(), transaction);
}

export async function idbDelete(store: string, key: IDBValidKey): Promise<void> {
  const transaction = (await open()).transaction(store, 'readwrite');
  await settle(transaction.objectStore(store).delete(key), transaction);
}

/**
 * Rewrites every record of a store in one transaction, so no other write lands between the read
 * and the rewrite: `change` returns the record as it is, a replacement (same key), or null to
 * delete it.
 */
export async function idbRewrite<T>(store: string, change: (value: T) => T | null): Promise<void> {
  const transaction = (await open()).transaction(store, 'readwrite');
  const request = transaction.objectStore(store).openCursor();
  request.onsuccess = () => {
    const cursor = request.result;
    if (!cursor) return;
    const value = cursor.value as T;
    const next = change(value);
    if (next === null) cursor.delete();
    else if (next !== value) cursor.update(next);
    cursor.continue();
  };
  await settle(request, transaction);
}

export async function idbCount(store: string): Promise<number> {
  const transaction = (await open()).transaction(store, 'readonly');
  return settle(transaction.objectStore(store).count(), transaction);
}
