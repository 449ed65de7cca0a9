import { defineMessages } from '@/components/platform/i18n/messages';

// The map's own controls and pins, the same on every page that shows a map. Pages name the map
// and its pickup and destination in their own words.
export const mapMessages = defineMessages({
  en: { driver: 'Driver', zoomIn: 'Zoom in', zoomOut: 'Zoom out', pickupMark: 'P', destinationMark: 'D', noTiles: 'Map images are unavailable (offline or blocked). The pins are still shown in their places.' },
  ar: { driver: 'السائق', zoomIn: 'تكبير', zoomOut: 'تصغير', pickupMark: 'س', destinationMark: 'و', noTiles: 'صور الخريطة غير متاحة (دون اتصال أو محجوبة). لا تزال الدبابيس معروضة في أماكنها.' },
});
