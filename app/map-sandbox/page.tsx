'use client';

import { useState } from 'react';
import { LazyDispatchMap, type MapPoint } from '@/components/map/lazy-dispatch-map';

const LABELS = { map: 'Map', pickup: 'Pickup', destination: 'Destination', driver: 'Driver', zoomIn: 'Zoom in', zoomOut: 'Zoom out' };

export default function MapSandbox() {
  const [pickup, setPickup] = useState<MapPoint | null>(null);
  const [destination, setDestination] = useState<MapPoint | null>(null);
  const [log, setLog] = useState<string[]>([]);
  const [withDriver, setWithDriver] = useState(false);
  const placing = !pickup ? 'pickup' : !destination ? 'destination' : null;
  return (
    <main dir="rtl" style={{ padding: 24 }}>
      <button type="button" onClick={() => setWithDriver((v) => !v)}>driver</button>
      <button type="button" onClick={() => { setPickup({ lat: 21.4858, lng: 39.1925 }); }}>jeddah</button>
      <LazyDispatchMap
        tileUrl={null}
        pickup={pickup}
        destination={destination}
        driver={withDriver ? { lat: 24.72, lng: 46.68 } : null}
        isPickupDraggable
        isDestinationDraggable
        placeOnClick={placing}
        onPickupChange={(p) => { setPickup(p); setLog((l) => [...l, `pickup ${p.lat},${p.lng}`]); }}
        onDestinationChange={(p) => { setDestination(p); setLog((l) => [...l, `destination ${p.lat},${p.lng}`]); }}
        labels={LABELS}
        height={400}
      />
      <pre data-testid="log">{log.join('\n')}</pre>
    </main>
  );
}
