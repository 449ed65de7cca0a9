import type { DriverPlace } from './types';

// "Navigate" opens the phone's maps app at the next stop. One universal link for every phone:
// Google Maps' documented cross-platform URL (developers.google.com/maps/documentation/urls).
// On Android it opens the Google Maps app, on iOS the Google Maps app when installed and the
// browser's Google Maps otherwise, on a desktop the website. `geo:` works on Android only and
// `maps.apple.com` on Apple devices only; a page cannot tell reliably which app the driver uses.
export function navigateUrl(place: Pick<DriverPlace, 'lat' | 'lng'>): string {
  const destination = `${place.lat.toFixed(6)},${place.lng.toFixed(6)}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}&travelmode=driving`;
}
