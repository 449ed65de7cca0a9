'use client';

import { lazyMap } from './lazy-map';
import type { DispatchMapProps } from './dispatch-map';

// The one way pages use the map (`lazyMap`: in the browser only, out of the page bundle).
export type { DispatchMapLabels, DispatchMapProps, MapPoint, PlaceableMarker } from './dispatch-map';

export const LazyDispatchMap = lazyMap<DispatchMapProps>(() => import('./dispatch-map').then((m) => m.DispatchMap));
