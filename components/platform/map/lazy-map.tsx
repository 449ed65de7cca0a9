'use client';

import './dispatch-map.css';
import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import { MapPlaceholder, MapPlaceholderFrame } from './map-placeholder';

/** The props every lazily loaded map shares: the placeholder's height, class and label. */
interface MapFrameProps {
  height?: number | string;
  className?: string;
  labels: { map: string };
}

/**
 * A map component that loads in the browser only (Leaflet needs `window`), from `load`: an
 * `import()` of the map's file. Until it arrives its placeholder holds the map's height, class
 * and label; pages import the map's types only, so Leaflet stays out of their bundle.
 */
export function lazyMap<P extends MapFrameProps>(load: () => Promise<ComponentType<P>>) {
  const DynamicMap = dynamic(load, { ssr: false, loading: () => <MapPlaceholder /> });
  return function LazyMap(props: P) {
    return (
      <MapPlaceholderFrame height={props.height} className={props.className} label={props.labels.map}>
        <DynamicMap {...props} />
      </MapPlaceholderFrame>
    );
  };
}
