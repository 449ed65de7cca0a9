'use client';

import './dispatch-map.css';
import dynamic from 'next/dynamic';
import { createContext, use } from 'react';
import type { DispatchMapProps } from './dispatch-map';

// The one way pages use the map: Leaflet needs `window`, so it loads in the browser only
// (STYLE.md §16), and type-only imports keep it out of the page bundle.
export type { DispatchMapLabels, DispatchMapProps, MapPoint, PlaceableMarker } from './dispatch-map';

// next/dynamic's `loading` component does not receive the props; the placeholder reads the
// height it must reserve from here.
const PlaceholderContext = createContext<Pick<DispatchMapProps, 'height' | 'className'> & { label?: string }>({});

function DispatchMapPlaceholder() {
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

const DynamicDispatchMap = dynamic(() => import('./dispatch-map').then((m) => m.DispatchMap), {
  ssr: false,
  loading: () => <DispatchMapPlaceholder />,
});

export function LazyDispatchMap(props: DispatchMapProps) {
  return (
    <PlaceholderContext value={{ height: props.height, className: props.className, label: props.labels.map }}>
      <DynamicDispatchMap {...props} />
    </PlaceholderContext>
  );
}
