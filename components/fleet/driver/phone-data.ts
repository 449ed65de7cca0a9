import { clearQueries } from './driver-store';
import { forgetSnapshots, setSnapshotOwner } from './offline-snapshots';
import { dropEntries } from './outbox';
import { dropPageCaches } from './page-cache';

// What the driver app keeps on a phone, taken as a whole: the copies of jobs (IndexedDB), the
// outbox (IndexedDB), the service worker's pages (Cache Storage) and the answers in memory. A
// phone is one driver's at a time; another driver's data is deleted the moment it changes hands.

/**
 * The page was rendered for `driverId` (their session cookie): everything of any other driver
 * goes (a phone handed on without signing out, a session that ended elsewhere) before a copy
 * is read or written.
 */
export async function claimPhone(driverId: string): Promise<void> {
  await Promise.all([forgetSnapshots(driverId), dropEntries(driverId), dropPageCaches(driverId)]);
  setSnapshotOwner(driverId);
}

/** A sign-out asked for: the customers' data leaves the screen and the phone at once; the outbox and the app's pages stay until the sign-out finishes. */
export async function hideCustomerData(): Promise<void> {
  clearQueries();
  await forgetSnapshots();
}

/** The sign-out finished (or another driver's session is in the cookie): nothing of the driver stays. */
export async function wipePhone(): Promise<void> {
  clearQueries();
  await Promise.all([forgetSnapshots(), dropEntries(null), dropPageCaches(null)]);
}
