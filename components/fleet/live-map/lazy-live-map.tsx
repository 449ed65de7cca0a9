'use client';

import { lazyMap } from '@/components/platform/map/lazy-map';
import type { LiveMapProps } from './live-map';

// The live map as pages use it (`lazyMap`: in the browser only, out of the page bundle).
export type { LiveMapDispatch, LiveMapDriver, LiveMapPoint, LiveMapProps } from './live-map';

export const LazyLiveMap = lazyMap<LiveMapProps>(() => import('./live-map').then((m) => m.LiveMap));
