'use client';

import { createContext, use, type ReactNode } from 'react';

interface Placeholder {
  height?: number | string;
  className?: string;
  label?: string;
}

// next/dynamic's `loading` component does not receive the props; the placeholder reads the
// height it must reserve from here. Shared by every lazily loaded Leaflet map.
const PlaceholderContext = createContext<Placeholder>({});

/** Gives the placeholder of the map inside it the map's height, class and label. */
export function MapPlaceholderFrame({ children, ...placeholder }: Placeholder & { children: ReactNode }) {
  return <PlaceholderContext value={placeholder}>{children}</PlaceholderContext>;
}

/** The map's box while Leaflet loads: same size, busy, labelled. */
export function MapPlaceholder() {
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
