'use client';

import 'leaflet/dist/leaflet.css';
import '@/components/platform/map/dispatch-map.css';
import './live-map.css';
import { divIcon, latLngBounds, type DivIcon } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import { escapeHtml } from '@/components/platform/map/escape-html';
import { useGridBackground } from '@/components/platform/map/map-grid';

// Leaflet touches `window` when imported: pages load this file only through
// `lazy-live-map.tsx` (`lazyMap`: `dynamic(..., { ssr: false })`).

export interface LiveMapPoint {
  lat: number;
  lng: number;
}

export interface LiveMapDriver extends LiveMapPoint {
  id: string;
  /** Accessible name and tooltip of the marker. */
  label: string;
  isSandbox: boolean;
  /** Sent ahead by the dispatch engine to wait at a pickup for the food. */
  isWaiting?: boolean;
}

export interface LiveMapDispatch {
  id: string;
  pickup: LiveMapPoint;
  destination: LiveMapPoint;
  pickupLabel: string;
  destinationLabel: string;
}

export interface LiveMapProps {
  /** Tile URL template; null or '' draws the plain grid (tests, offline). */
  tileUrl: string | null;
  tileAttribution?: string;
  drivers: LiveMapDriver[];
  dispatches: LiveMapDispatch[];
  /** A click on a dispatch's pickup or destination. */
  onOpenDispatch: (id: string) => void;
  labels: { map: string; zoomIn: string; zoomOut: string };
  height?: number | string;
  className?: string;
}

const DEFAULT_CENTER: [number, number] = [24.7136, 46.6753]; // Riyadh
const DEFAULT_ZOOM = 11;
const FIT_MAX_ZOOM = 15;

/**
 * Many drivers and dispatches at once. Markers are keyed by id, so a driver's new position moves
 * its marker (Leaflet's setLatLng) instead of drawing a new one; the view fits everything once,
 * when the first data arrives, and then stays where the admin put it.
 */
export function LiveMap({ tileUrl, tileAttribution, drivers, dispatches, onOpenDispatch, labels, height, className }: LiveMapProps) {
  const classes = ['dispatch-map', tileUrl ? null : 'dispatch-map--blank', className].filter(Boolean).join(' ');
  return (
    // Leaflet's drag and control math assumes a left-to-right container, also on Arabic pages.
    <div dir="ltr" role="region" aria-label={labels.map} className={classes} style={height === undefined ? undefined : { height }} data-testid="live-map">
      <MapContainer className="dispatch-map__leaflet" center={DEFAULT_CENTER} zoom={DEFAULT_ZOOM} zoomControl={false}>
        {tileUrl ? <TileLayer url={tileUrl} attribution={tileAttribution} /> : null}
        <ZoomControl position="topleft" zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
        <GridBackground isEnabled={!tileUrl} />
        <FitOnce drivers={drivers} dispatches={dispatches} />
        {dispatches.map((dispatch) => (
          <DispatchMarkers key={dispatch.id} dispatch={dispatch} onOpen={onOpenDispatch} />
        ))}
        {drivers.map((driver) => (
          <DriverMarker key={driver.id} driver={driver} />
        ))}
      </MapContainer>
    </div>
  );
}

function DispatchMarkers({ dispatch, onOpen }: { dispatch: LiveMapDispatch; onOpen: (id: string) => void }) {
  const pickupIcon = useMemo(() => pinIcon('pickup', dispatch.pickupLabel, dispatch.id), [dispatch.pickupLabel, dispatch.id]);
  const destinationIcon = useMemo(() => pinIcon('destination', dispatch.destinationLabel, dispatch.id), [dispatch.destinationLabel, dispatch.id]);
  const handlers = useMemo(() => ({ click: () => onOpen(dispatch.id) }), [onOpen, dispatch.id]);
  return (
    <>
      <Polyline
        positions={[dispatch.pickup, dispatch.destination]}
        interactive={false}
        pathOptions={{ color: '#334155', weight: 2, opacity: 0.45, dashArray: '4 6' }}
      />
      {/* The side list links every dispatch: markers are for the mouse and stay out of the tab order. */}
      <Marker key={`p-${dispatch.pickupLabel}`} position={dispatch.pickup} icon={pickupIcon} title={dispatch.pickupLabel} keyboard={false} eventHandlers={handlers} />
      <Marker
        key={`d-${dispatch.destinationLabel}`}
        position={dispatch.destination}
        icon={destinationIcon}
        title={dispatch.destinationLabel}
        keyboard={false}
        eventHandlers={handlers}
      />
    </>
  );
}

function DriverMarker({ driver }: { driver: LiveMapDriver }) {
  const { id, label, isSandbox, isWaiting } = driver;
  const icon = useMemo(() => driverIcon({ id, label, isSandbox, isWaiting }), [id, label, isSandbox, isWaiting]);
  return <Marker position={driver} icon={icon} keyboard={false} interactive={false} zIndexOffset={1000} />;
}

/** Fits the view to every marker when the first markers arrive; later updates never move it. */
function FitOnce({ drivers, dispatches }: { drivers: LiveMapPoint[]; dispatches: LiveMapDispatch[] }) {
  const map = useMap();
  const hasFitRef = useRef(false);
  useEffect(() => {
    if (hasFitRef.current) return;
    const points = [...drivers, ...dispatches.flatMap((dispatch) => [dispatch.pickup, dispatch.destination])];
    if (points.length === 0) return;
    hasFitRef.current = true;
    if (points.length === 1) map.setView(points[0]!, FIT_MAX_ZOOM);
    else map.fitBounds(latLngBounds(points), { padding: [40, 40], maxZoom: FIT_MAX_ZOOM });
  }, [map, drivers, dispatches]);
  return null;
}

/** Moves the CSS grid of a tile-less map with the map, so panning looks like panning. */
function GridBackground({ isEnabled }: { isEnabled: boolean }) {
  useGridBackground(useMap(), isEnabled);
  return null;
}

function pinIcon(kind: 'pickup' | 'destination', label: string, id: string): DivIcon {
  return divIcon({
    className: 'dispatch-map__icon',
    iconSize: [18, 24],
    iconAnchor: [9, 22],
    html: `<span class="dispatch-map__pin dispatch-map__pin--${kind} live-map__pin" data-testid="live-${kind}" data-dispatch-id="${escapeHtml(id)}" role="img" aria-label="${escapeHtml(label)}"></span>`,
  });
}

function driverIcon(driver: Pick<LiveMapDriver, 'id' | 'label' | 'isSandbox' | 'isWaiting'>): DivIcon {
  return divIcon({
    className: 'dispatch-map__icon',
    iconSize: [16, 16],
    iconAnchor: [8, 8],
    html:
      `<span class="dispatch-map__driver live-map__driver${driver.isSandbox ? ' live-map__driver--sandbox' : ''}${driver.isWaiting ? ' live-map__driver--waiting' : ''}" ` +
      `data-testid="live-driver" data-waiting="${driver.isWaiting ? 'true' : 'false'}" ` +
      `data-driver-id="${escapeHtml(driver.id)}" role="img" aria-label="${escapeHtml(driver.label)}" title="${escapeHtml(driver.label)}"></span>`,
  });
}
