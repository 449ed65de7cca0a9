'use client';

import '@/components/map/dispatch-map.css';
import dynamic from 'next/dynamic';
import { createContext, use } from 'react';
import type { LiveMapProps } from './live-map';

// The live map loads in the browser only (Leaflet needs `window`, STYLE.md §16), like
// components/map/lazy-dispatch-map.tsx; type-only imports keep Leaflet out of the page bundle.
export type { LiveMapDispatch, LiveMapDriver, LiveMapPoint, LiveMapProps } from './live-map';

const PlaceholderContext = createContext<{ height?: number | string; className?: string; label?: string }>({});

function LiveMapPlaceholder() {
  const { height, className, label } = use(PlaceholderContext);
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy="true"
      className={['dispatch-map', 'dispatch-map--loading', className].filter(Boolean).join(' ')}
      style={height === undefined ? undefined : { height }}
    />
  );
}

const DynamicLiveMap = dynamic(() => import('./live-map').then((m) => m.LiveMap), {
  ssr: false,
  loading: () => <LiveMapPlaceholder />,
});

export function LazyLiveMap(props: LiveMapProps) {
  return (
    <PlaceholderContext value={{ height: props.height, className: props.className, label: props.labels.map }}>
      <DynamicLiveMap {...props} />
    </PlaceholderContext>
  );
}
