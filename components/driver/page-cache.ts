/** The service worker's cache of the driver app's pages (public/driver-sw.js uses the same name). */
export const PAGE_CACHE = 'driver-pages-v1';
