// The service worker's cache of the driver app's pages is a driver's own: public/driver-sw.js is
// registered with the signed-in driver's id (`?driver=`) and names its page cache after it, so a
// phone that changes hands never answers one driver's start without signal with another's page.

/** Every page cache starts so (public/driver-sw.js; 'driver-pages-v1' was the one cache of every driver). */
const PAGE_CACHE_PREFIX = 'driver-pages-';

export function pageCacheOf(driverId: string): string {
  return `${PAGE_CACHE_PREFIX}v2-${driverId}`;
}

/** The service worker of a driver's app: the script's address carries whose pages it keeps. */
export function serviceWorkerUrlOf(driverId: string): string {
  return `/driver-sw.js?driver=${encodeURIComponent(driverId)}`;
}

function hasCaches(): boolean {
  return typeof caches !== 'undefined';
}

/** Drops every driver's page cache but `keepDriverId`'s (every one when null). Never throws. */
export async function dropPageCaches(keepDriverId: string | null): Promise<void> {
  if (!hasCaches()) return;
  try {
    const keep = keepDriverId === null ? null : pageCacheOf(keepDriverId);
    for (const name of await caches.keys()) if (name.startsWith(PAGE_CACHE_PREFIX) && name !== keep) await caches.delete(name);
  } catch {
    // no Cache Storage here
  }
}

/** Drops one page (a finished job's screen) from a driver's page cache. Never throws. */
export async function dropPage(driverId: string, pathname: string): Promise<void> {
  if (!hasCaches()) return;
  try {
    if (await caches.has(pageCacheOf(driverId))) await (await caches.open(pageCacheOf(driverId))).delete(pathname);
  } catch {
    // nothing kept
  }
}
