/**
 * Headers of every tracking answer, found or not. The URL is the credential: it must not leave
 * in a Referer (map tiles, links), be indexed, or be kept by a shared cache; the driver's
 * position changes by the second, so no cache keeps it at all.
 */
export const TRACKING_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
};
