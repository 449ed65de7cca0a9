import { greatCircleKm, type LatLng, type RouteEstimator } from '@/lib/pricing/shared/estimates/route-estimator';

// The geometry of the sandbox's simulated drivers: straight lines at a constant speed. Legs are
// a few kilometres long, so interpolating latitude and longitude linearly stays within metres of
// the great circle; distances are great-circle (the same function the estimates use).

/** Closer than this to a stop, a driver is at it. */
export const ARRIVAL_KM = 0.001;

const EARTH_RADIUS_KM = 6371.0088;

/** How far a driver at `speedKmh` moves in one tick of `tickMs`. */
export function stepKm(speedKmh: number, tickMs: number): number {
  return (speedKmh * tickMs) / 3_600_000;
}

/**
 * The position `stepKm` further from `from` along the straight line to `to`; `to` itself once it
 * is no further than that (a driver never overshoots its stop).
 */
export function moveTowards(from: LatLng, to: LatLng, step: number): { position: LatLng; hasArrived: boolean } {
  const distance = greatCircleKm(from, to);
  if (distance <= step || distance <= ARRIVAL_KM) return { position: { lat: to.lat, lng: to.lng }, hasArrived: true };
  const fraction = step / distance;
  return {
    position: { lat: from.lat + (to.lat - from.lat) * fraction, lng: from.lng + (to.lng - from.lng) * fraction },
    hasArrived: false,
  };
}

/** The point `distanceKm` from `origin` in the direction `bearingDeg` (0 = north, 90 = east). */
export function pointAt(origin: LatLng, distanceKm: number, bearingDeg: number): LatLng {
  const rad = Math.PI / 180;
  const angular = distanceKm / EARTH_RADIUS_KM;
  const bearing = bearingDeg * rad;
  const lat1 = origin.lat * rad;
  const lng1 = origin.lng * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lng: (((lng2 / rad + 540) % 360) - 180) };
}

/** Whether `a` and `b` are the same stop for the simulator. */
export function isAt(a: LatLng, b: LatLng): boolean {
  return greatCircleKm(a, b) <= ARRIVAL_KM;
}

/**
 * The ETA of a simulated driver: the straight line at its speed, the way it really drives
 * (the road estimate of real drivers would announce minutes for a drive of seconds).
 */
export function sandboxEstimator(speedKmh: number): RouteEstimator {
  return {
    async leg(from, to) {
      const distanceKm = greatCircleKm(from, to);
      return { distanceKm, durationMin: (distanceKm / speedKmh) * 60 };
    },
  };
}
