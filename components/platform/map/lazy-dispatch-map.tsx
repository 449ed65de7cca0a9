'use client';

import './dispatch-map.css';
import dynamic from 'next/dynamic';
import { framedMap, MapPlaceholder } from './map-placeholder';
import type { DispatchMapProps } from './dispatch-map';

// The one way pages use the map: Leaflet needs `window`, so it loads in the browser only,
// and type-only imports keep it out of the page bundle.
export type { DispatchMapLabels, DispatchMapProps, MapPoint, PlaceableMarker } from './dispatch-map';

const DynamicDispatchMap = dynamic(() => import('./dispatch-map').then((m) => m.DispatchMap), {
  ssr: false,
  loading: () => <MapPlaceholder />,
});

export const LazyDispatchMap = framedMap<DispatchMapProps>(DynamicDispatchMap);
