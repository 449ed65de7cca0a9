'use client';

import '@/components/platform/map/dispatch-map.css';
import dynamic from 'next/dynamic';
import { framedMap, MapPlaceholder } from '@/components/platform/map/map-placeholder';
import type { LiveMapProps } from './live-map';

// The live map loads in the browser only (Leaflet needs `window`), like
// components/platform/map/lazy-dispatch-map.tsx; type-only imports keep Leaflet out of the page bundle.
export type { LiveMapDispatch, LiveMapDriver, LiveMapPoint, LiveMapProps } from './live-map';

const DynamicLiveMap = dynamic(() => import('./live-map').then((m) => m.LiveMap), {
  ssr: false,
  loading: () => <MapPlaceholder />,
});

export const LazyLiveMap = framedMap<LiveMapProps>(DynamicLiveMap);
