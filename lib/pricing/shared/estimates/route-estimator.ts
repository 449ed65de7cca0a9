export interface LatLng {
  lat: number;
  lng: number;
}

export interface RouteLeg {
  distanceKm: number;
  durationMin: number;
}

/** What the estimate needs from routing; a road-network engine can replace the straight line. */
export interface RouteEstimator {
  leg(from: LatLng, to: LatLng): Promise<RouteLeg>;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance (haversine). */
export function greatCircleKm(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLng = (to.lng - from.lng) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Road distance ≈ great-circle × ROAD_FACTOR (1.35 is typical of city grids), driven at an
 * average urban speed.
 */
export const ROAD_FACTOR = 1.35;
export const AVERAGE_SPEED_KMH = 25;

export const straightLineEstimator: RouteEstimator = {
  async leg(from, to) {
    const distanceKm = greatCircleKm(from, to) * ROAD_FACTOR;
    return { distanceKm, durationMin: (distanceKm / AVERAGE_SPEED_KMH) * 60 };
  },
};
