import type { Map as LeafletMap } from 'leaflet';
import { useEffect } from 'react';

const GRID_SIZE_PX = 32; // keep equal to background-size in dispatch-map.css

/**
 * Moves the CSS grid of a tile-less map with the map, so panning looks like panning. Used by both
 * Leaflet maps (dispatch-map.tsx, components/fleet/live-map/live-map.tsx).
 */
export function useGridBackground(map: LeafletMap, isEnabled: boolean) {
  useEffect(() => {
    const container = map.getContainer();
    if (!isEnabled) {
      container.style.backgroundPosition = '';
      return;
    }
    const sync = () => {
      const origin = map.layerPointToContainerPoint(map.getPixelOrigin().multiplyBy(-1));
      const x = ((origin.x % GRID_SIZE_PX) + GRID_SIZE_PX) % GRID_SIZE_PX;
      const y = ((origin.y % GRID_SIZE_PX) + GRID_SIZE_PX) % GRID_SIZE_PX;
      container.style.backgroundPosition = `${x}px ${y}px`;
    };
    sync();
    map.on('move zoomend viewreset', sync);
    return () => {
      map.off('move zoomend viewreset', sync);
    };
  }, [map, isEnabled]);
}
