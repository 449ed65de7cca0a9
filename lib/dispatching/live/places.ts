import type { LatLng } from '@/lib/estimates/route-estimator';
import { AVERAGE_SPEED_KMH, ROAD_FACTOR } from '@/lib/estimates/route-estimator';
import type { Place } from '@/lib/dispatching/types';

// Live places: the engine works on a local plane in metres; each place keeps the lat/lng it came
// from, so a road-routing table can be asked about it (routing-table-travel.ts).

export interface LivePlace extends Place {
  lat: number;
  lng: number;
}

const METRES_PER_DEGREE = 111_320;

/**
 * The straight-line speed that matches the estimator's road times: distance × ROAD_FACTOR at
 * AVERAGE_SPEED_KMH, so a round's plan and the ETA the vendor is promised agree.
 */
export const ESTIMATOR_STRAIGHT_LINE_MPS = (AVERAGE_SPEED_KMH * 1000) / 3600 / ROAD_FACTOR;

/** Places of one round on one plane, centred on `origin` (equirectangular: exact enough within a city). */
export function placeFactory(origin: LatLng): (id: string, at: LatLng) => LivePlace {
  const cosLat = Math.cos((origin.lat * Math.PI) / 180);
  return (id, at) => ({
    id,
    lat: at.lat,
    lng: at.lng,
    x: (at.lng - origin.lng) * METRES_PER_DEGREE * cosLat,
    y: (at.lat - origin.lat) * METRES_PER_DEGREE,
  });
}

/** Straight-line travel on the plane at `metresPerSecond`, in whole seconds. */
export function planeTravelSeconds(from: Place, to: Place, metresPerSecond: number): number {
  return Math.round(Math.hypot(to.x - from.x, to.y - from.y) / metresPerSecond);
}
