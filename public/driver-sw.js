// The driver app's service worker (registered by components/fleet/driver/driver-runtime.tsx with scope
// /driver). It keeps the app shell so the app starts without signal: the pages /driver and
// /driver/jobs/{id} (network first; their HTML holds no delivery data, the client fetches that)
// and Next's content-hashed static files (cache first). The API (/api/…) is never cached and never
// answered from here: those requests go to the network untouched, and what the driver does
// offline waits in the app's IndexedDB outbox instead.
//
// The pages are one driver's: the app registers this script as /driver-sw.js?driver={id}, so
// each driver signed in on a phone gets a worker of their own, whose page cache is named after
// them (components/fleet/driver/page-cache.ts) and which deletes every other driver's when it takes
// over. A phone handed on never starts the next driver's app from the last one's pages.

const DRIVER = new URL(self.location.href).searchParams.get('driver') ?? '';
const PAGE_CACHE = `driver-pages-v2-${DRIVER}`; // components/fleet/driver/page-cache.ts pageCacheOf
const ASSET_CACHE = 'driver-assets-v1';
const SHELL = '/driver';
const MAX_PAGES = 20;
const MAX_ASSETS = 300;

/** Pages kept for offline starts: the home and the job screens, never sign-in links (their URL is a credential). */
function isShellPage(pathname) {
  return pathname === SHELL || /^\/driver\/jobs\/[^/]+$/.test(pathname);
}

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

/** The signed-in home page and the scripts and styles it loads, fetched at install. */
async function cacheShell() {
  if (!DRIVER) return;
  let response;
  try {
    response = await fetch(SHELL, { credentials: 'same-origin' });
  } catch {
    return;
  }
  if (!response.ok || response.redirected) return; // signed out: the next visit caches it
  const html = await response.clone().text();
  await (await caches.open(PAGE_CACHE)).put(SHELL, response);
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&')));
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(
    [...assets].map(async (asset) => {
      try {
        const assetResponse = await fetch(asset);
        if (assetResponse.ok) await cache.put(asset, assetResponse);
      } catch {
        // cached when the page loads it
      }
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([PAGE_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys()) if (name.startsWith('driver-') && !current.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function pageNetworkFirst(request, url) {
  try {
    const response = await fetch(request);
    // Without a driver (a worker registered before workers were per driver) nothing is kept.
    if (DRIVER && response.ok && !response.redirected && response.type === 'basic' && isShellPage(url.pathname)) {
      const cache = await caches.open(PAGE_CACHE);
      await cache.put(url.pathname, response.clone());
      await trim(PAGE_CACHE, MAX_PAGES);
    }
    return response;
  } catch (error) {
    const cache = DRIVER && (await caches.has(PAGE_CACHE)) ? await caches.open(PAGE_CACHE) : null;
    const cached = cache ? ((await cache.match(url.pathname)) ?? (await cache.match(SHELL))) : undefined;
    if (cached) return cached;
    throw error;
  }
}

async function assetCacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trim(ASSET_CACHE, MAX_ASSETS);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API and everything else not listed: straight to the network, nothing stored.
  if (url.pathname.startsWith('/_next/static/')) {
    event.respondWith(assetCacheFirst(request));
  } else if (request.mode === 'navigate' && (url.pathname === SHELL || url.pathname.startsWith(`${SHELL}/`))) {
    event.respondWith(pageNetworkFirst(request, url));
  }
});
