import type { Place, TravelTime } from '@/lib/engine/server/internal/types';

/** Straight-line distance in metres between two places on the plane. */
export function distanceMetres(from: Place, to: Place): number {
  return Math.hypot(to.x - from.x, to.y - from.y);
}

/**
 * Straight-line distance × `roadFactor`, driven at `metresPerSecond`, rounded up to the
 * `granularityS` (the MDRP instances count whole minutes: `granularityS` 60, `roadFactor` 1).
 */
export function straightLineTravel(options: { metresPerSecond: number; roadFactor?: number; granularityS?: number }): TravelTime {
  const { metresPerSecond } = options;
  const roadFactor = options.roadFactor ?? 1;
  const granularityS = options.granularityS ?? 1;
  if (!(metresPerSecond > 0) || !(roadFactor > 0) || !(granularityS > 0)) throw new RangeError('speed, road factor and granularity must be positive');
  return {
    seconds(from, to) {
      const exact = (distanceMetres(from, to) * roadFactor) / metresPerSecond / granularityS;
      // A hair of tolerance so that 960 m at 320 m/min stays 3 minutes despite floating point.
      return Math.ceil(exact - 1e-9) * granularityS;
    },
  };
}

/** The MDRP instances' travel time: ceil(euclidean metres / metres per minute) whole minutes. */
export function mdrpTravel(metresPerMinute: number): TravelTime {
  return straightLineTravel({ metresPerSecond: metresPerMinute / 60, granularityS: 60 });
}

const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Projects lat/lng onto a local plane in metres around `origin` (equirectangular): within a
 * city (tens of kilometres) its distances are within a fraction of a percent of great-circle ones,
 * which is far below the error of a straight line against the road.
 */
export function localPlane(origin: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const cosLat = Math.cos(origin.lat * rad);
  return {
    place(id: string, point: { lat: number; lng: number }): Place {
      return {
        id,
        x: (point.lng - origin.lng) * rad * EARTH_RADIUS_M * cosLat,
        y: (point.lat - origin.lat) * rad * EARTH_RADIUS_M,
      };
    },
  };
}
