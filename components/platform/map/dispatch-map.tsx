'use client';

import 'leaflet/dist/leaflet.css';
import './dispatch-map.css';
import {
  divIcon,
  latLng,
  latLngBounds,
  type DivIcon,
  type DragEndEvent,
  type LatLng,
  type LeafletKeyboardEvent,
  type LeafletMouseEvent,
  type Map as LeafletMap,
  type Marker as LeafletMarker,
} from 'leaflet';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import type { Address } from '@/lib/dispatch/shared/schemas';
import { isLocale } from '@/components/platform/i18n/locale';
import { mapMessages } from '@/components/platform/i18n/messages/map';
import { escapeHtml } from './escape-html';
import { useGridBackground } from './map-grid';

// Leaflet touches `window` when imported: pages load this file only through
// `lazy-dispatch-map.tsx` (`lazyMap`: `dynamic(..., { ssr: false })`).

export type MapPoint = Pick<Address, 'lat' | 'lng'>;

export type PlaceableMarker = 'pickup' | 'destination';

/** Every text the map shows or announces; the page supplies it in the user's language. */
export interface DispatchMapLabels {
  /** Accessible name of the map region. */
  map: string;
  pickup: string;
  destination: string;
  /** The rest default to the map's own text in the page's language (components/platform/i18n/messages/map.ts). */
  driver?: string;
  /** Titles of the zoom buttons. */
  zoomIn?: string;
  zoomOut?: string;
  /** Character drawn on the pin. */
  pickupMark?: string;
  destinationMark?: string;
  /** Shown on the map while it has no tiles (none configured, or none loads): what still works. */
  noTiles?: string;
}

export interface DispatchMapProps {
  /** Tile URL template (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`); null or '' draws no tiles. */
  tileUrl: string | null;
  /** Attribution HTML of the tiles (Leaflet renders it as HTML: pass trusted text only). */
  tileAttribution?: string;
  pickup: MapPoint | null;
  destination: MapPoint | null;
  driver?: MapPoint | null;
  /** The route a driver took, oldest first: one line per driver (a reassigned dispatch has two). */
  trail?: MapPoint[][] | null;
  isPickupDraggable?: boolean;
  isDestinationDraggable?: boolean;
  /** Called after a drag, an arrow-key step or a placing click; coordinates rounded to 6 decimals. */
  onPickupChange?: (point: MapPoint) => void;
  onDestinationChange?: (point: MapPoint) => void;
  /** Which marker a click on the map places; null or absent: clicks do not place anything. */
  placeOnClick?: PlaceableMarker | null;
  labels: DispatchMapLabels;
  /** Change it (e.g. to the dispatch id) to refit the view to the markers. */
  fitKey?: string | number;
  /** Overrides the 360px default height (a number is pixels). */
  height?: number | string;
  className?: string;
}

const DEFAULT_CENTER: [number, number] = [24.7136, 46.6753]; // Riyadh
const DEFAULT_ZOOM = 12;
const SINGLE_MARKER_ZOOM = 15;
const FIT_MAX_ZOOM = 16;
const FIT_PADDING: [number, number] = [40, 40];
const KEY_STEP_DEGREES = 0.0005;
const MARKER_KINDS = ['pickup', 'destination', 'driver'] as const;
const ARROW_STEPS: Record<string, [number, number]> = {
  ArrowUp: [1, 0],
  ArrowDown: [-1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

type MarkerKind = (typeof MARKER_KINDS)[number];
type MarkerPoints = Record<MarkerKind, MapPoint | null>;

export function DispatchMap({ height, className, labels, tileUrl, placeOnClick, ...layers }: DispatchMapProps) {
  // Tiles configured but none loads (offline, blocked by a firewall): the map is as blank as without them.
  const [areTilesFailing, setAreTilesFailing] = useState(false);
  const hasTiles = Boolean(tileUrl) && !areTilesFailing;
  const style: CSSProperties | undefined = height === undefined ? undefined : { height };
  const classes = [
    'dispatch-map',
    hasTiles ? null : 'dispatch-map--blank',
    placeOnClick ? 'dispatch-map--placing' : null,
    className,
  ];
  const fullLabels = withDefaults(labels);

  return (
    // Leaflet's drag and control math assumes a left-to-right container, also on Arabic pages.
    <div dir="ltr" role="region" aria-label={labels.map} className={classes.filter(Boolean).join(' ')} style={style}>
      <MapContainer className="dispatch-map__leaflet" center={DEFAULT_CENTER} zoom={DEFAULT_ZOOM} zoomControl={false}>
        <MapLayers {...layers} labels={fullLabels} tileUrl={tileUrl} placeOnClick={placeOnClick} onTilesFailing={setAreTilesFailing} />
      </MapContainer>
      {hasTiles ? null : (
        // Said once, not on every pan: a status, in the page's direction (the map itself is ltr).
        <p className="dispatch-map__notice" role="status" dir="auto" data-testid="map-no-tiles">
          {fullLabels.noTiles}
        </p>
      )}
    </div>
  );
}

type MapLayersProps = Omit<DispatchMapProps, 'height' | 'className' | 'labels'> & {
  labels: Required<DispatchMapLabels>;
  /** Told true when tiles fail before any has loaded, and false once one loads. */
  onTilesFailing: (isFailing: boolean) => void;
};

function MapLayers({
  tileUrl,
  tileAttribution,
  pickup,
  destination,
  driver = null,
  trail = null,
  isPickupDraggable = false,
  isDestinationDraggable = false,
  onPickupChange,
  onDestinationChange,
  placeOnClick = null,
  labels,
  fitKey,
  onTilesFailing,
}: MapLayersProps) {
  const map = useMap();
  // One tile failing among loaded ones is a hole, not an outage: only failures before any load count.
  const hasLoadedTileRef = useRef(false);
  const tileEvents = useMemo(
    () => ({
      tileload() {
        hasLoadedTileRef.current = true;
        onTilesFailing(false);
      },
      tileerror() {
        if (!hasLoadedTileRef.current) onTilesFailing(true);
      },
    }),
    [onTilesFailing],
  );
  // Points this map itself reported (click, drag, arrow keys): echoes of them never refit the view.
  const reportedRef = useRef<Partial<Record<PlaceableMarker, MapPoint>>>({});

  const report = (kind: PlaceableMarker, point: MapPoint) => {
    reportedRef.current[kind] = point;
    (kind === 'pickup' ? onPickupChange : onDestinationChange)?.(point);
  };

  useMapEvents({
    click(event: LeafletMouseEvent) {
      if (!placeOnClick) return;
      // A click on a marker reaches the map too (markers without click listeners let it through).
      if (event.originalEvent.target instanceof Element && event.originalEvent.target.closest('.leaflet-marker-icon')) return;
      report(placeOnClick, toMapPoint(event.latlng));
    },
  });

  const points = useMemo<MarkerPoints>(() => ({ pickup, destination, driver }), [pickup, destination, driver]);
  useFitView(map, points, fitKey, reportedRef);
  useGridBackground(map, !tileUrl);

  const driverIcon = useMemo(() => dotIcon(labels.driver), [labels.driver]);
  const placeable = [
    { kind: 'pickup', point: pickup, isDraggable: isPickupDraggable },
    { kind: 'destination', point: destination, isDraggable: isDestinationDraggable },
  ] as const;

  return (
    <>
      {tileUrl ? <TileLayer url={tileUrl} attribution={tileAttribution} eventHandlers={tileEvents} /> : null}
      <ZoomControl position="topleft" zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
      {pickup && destination ? (
        <Polyline
          positions={[pickup, destination]}
          interactive={false}
          pathOptions={{ color: '#334155', weight: 3, opacity: 0.8, dashArray: '8 8' }}
        />
      ) : null}
      {trail?.map((line, index) =>
        line.length > 1 ? (
          <Polyline
            key={index}
            positions={line}
            interactive={false}
            // A class is read once, when Leaflet draws the path (pathOptions only restyle it later).
            className="dispatch-map__trail"
            pathOptions={{ color: '#2563eb', weight: 4, opacity: 0.85 }}
          />
        ) : null,
      )}
      {driver ? (
        <Marker
          key={labels.driver} // Leaflet reads `title` once: a new language needs a new marker
          position={driver}
          icon={driverIcon}
          title={labels.driver}
          alt={labels.driver}
          keyboard={false}
          interactive={false}
        />
      ) : null}
      {placeable.map(({ kind, point, isDraggable }) =>
        point ? (
          <EditableMarker
            key={kind}
            kind={kind}
            point={point}
            label={labels[kind]}
            mark={labels[`${kind}Mark`]}
            isDraggable={isDraggable}
            onChange={(moved) => report(kind, moved)}
          />
        ) : null,
      )}
    </>
  );
}

interface EditableMarkerProps {
  kind: PlaceableMarker;
  point: MapPoint;
  label: string;
  /** The character drawn on the pin. */
  mark: string;
  isDraggable: boolean;
  onChange: (point: MapPoint) => void;
}

/** A pickup or destination marker: focusable, and when draggable also moved by the arrow keys. */
function EditableMarker({ kind, point, label, mark, isDraggable, onChange }: EditableMarkerProps) {
  const icon = useMemo(() => pinIcon(kind, label, mark), [kind, label, mark]);
  const eventHandlers = useMemo(
    () => ({
      dragend(event: DragEndEvent) {
        onChange(toMapPoint((event.target as LeafletMarker).getLatLng()));
      },
      keydown(event: LeafletKeyboardEvent) {
        const keyboard = event.originalEvent;
        const step = ARROW_STEPS[keyboard.key];
        if (!isDraggable || !step || keyboard.altKey || keyboard.ctrlKey || keyboard.metaKey) return;
        keyboard.preventDefault(); // the arrow keys would scroll the page
        const size = keyboard.shiftKey ? KEY_STEP_DEGREES * 10 : KEY_STEP_DEGREES;
        const lat = Math.min(90, Math.max(-90, point.lat + step[0] * size));
        onChange(toMapPoint(latLng(lat, point.lng + step[1] * size)));
      },
    }),
    [point, isDraggable, onChange],
  );

  return (
    <Marker
      key={label} // Leaflet reads `title` once: a new language needs a new marker
      position={point}
      icon={icon}
      title={label}
      alt={label}
      keyboard
      draggable={isDraggable}
      autoPan={isDraggable}
      eventHandlers={eventHandlers}
    />
  );
}

/**
 * Keeps the markers in view without fighting the user: fits them all on mount, when `fitKey`
 * changes, when the page adds a pickup or destination, or when a marker the page set (or a
 * newly shown driver) lies out of sight. Positions the map reported itself (click, drag, arrow
 * keys) only pan far enough to stay visible, and a moving driver never moves the view: pages
 * that follow the driver bump `fitKey`.
 */
function useFitView(
  map: LeafletMap,
  points: MarkerPoints,
  fitKey: string | number | undefined,
  reportedRef: RefObject<Partial<Record<PlaceableMarker, MapPoint>>>,
) {
  const seenRef = useRef<{ points: MarkerPoints; fitKey: string | number | undefined } | null>(null);

  useEffect(() => {
    const previous = seenRef.current;
    seenRef.current = { points, fitKey };
    const present = MARKER_KINDS.map((kind) => points[kind]).filter((point) => point !== null);

    if (!previous || previous.fitKey !== fitKey) {
      fitView(map, present, { animate: Boolean(previous) });
      return;
    }
    let mustFit = false;
    for (const kind of MARKER_KINDS) {
      const point = points[kind];
      const before = previous.points[kind];
      if (!point || samePoint(point, before)) continue;
      if (kind !== 'driver' && samePoint(point, reportedRef.current[kind])) {
        map.panInside(point, { padding: FIT_PADDING });
        continue;
      }
      const isAdded = !before;
      const isOutOfView = !map.getBounds().contains(point);
      if (kind === 'driver' ? isAdded && isOutOfView : isAdded || isOutOfView) mustFit = true;
    }
    if (mustFit) fitView(map, present, { animate: true });
  }, [map, points, fitKey, reportedRef]);
}

function fitView(map: LeafletMap, present: MapPoint[], { animate }: { animate: boolean }) {
  const [only] = present;
  if (!only) map.setView(DEFAULT_CENTER, DEFAULT_ZOOM, { animate });
  else if (present.length === 1) map.setView(only, Math.max(map.getZoom(), SINGLE_MARKER_ZOOM), { animate });
  else map.fitBounds(latLngBounds(present), { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, animate });
}

function pinIcon(kind: PlaceableMarker, label: string, mark: string): DivIcon {
  return divIcon({
    className: 'dispatch-map__icon',
    // 30px rotated teardrop: its tip sits 36px below the top edge of the icon box.
    iconSize: [30, 38],
    iconAnchor: [15, 36],
    html:
      `<span class="dispatch-map__pin dispatch-map__pin--${kind}" data-testid="marker-${kind}" role="img" aria-label="${escapeHtml(label)}">` +
      `<span class="dispatch-map__mark" aria-hidden="true">${escapeHtml(mark)}</span></span>`,
  });
}

function dotIcon(label: string): DivIcon {
  return divIcon({
    className: 'dispatch-map__icon',
    iconSize: [20, 20],
    iconAnchor: [10, 10],
    html: `<span class="dispatch-map__driver" data-testid="marker-driver" role="img" aria-label="${escapeHtml(label)}"></span>`,
  });
}

function toMapPoint(latlng: LatLng): MapPoint {
  const wrapped = latlng.wrap();
  return { lat: round6(wrapped.lat), lng: round6(wrapped.lng) };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function samePoint(a: MapPoint, b: MapPoint | null | undefined): boolean {
  return b != null && a.lat === b.lat && a.lng === b.lng;
}

/** The page's own names, and the map's text in the page's language for the rest. */
function withDefaults(labels: DispatchMapLabels): Required<DispatchMapLabels> {
  const language = document.documentElement.lang;
  const own = mapMessages[isLocale(language) ? language : 'en'];
  return {
    driver: labels.driver ?? own.driver,
    zoomIn: labels.zoomIn ?? own.zoomIn,
    zoomOut: labels.zoomOut ?? own.zoomOut,
    pickupMark: labels.pickupMark ?? own.pickupMark,
    destinationMark: labels.destinationMark ?? own.destinationMark,
    noTiles: labels.noTiles ?? own.noTiles,
    ...labels,
  } as Required<DispatchMapLabels>;
}
