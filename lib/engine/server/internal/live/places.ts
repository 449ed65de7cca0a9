import { AVERAGE_SPEED_KMH, ROAD_FACTOR, type LatLng } from '@/lib/pricing/shared/estimates/route-estimator';
import { localPlane, straightLineTravel } from '@/lib/engine/server/internal/travel-time';
import type { Place, TravelTime } from '@/lib/engine/server/internal/types';

// Live places: the engine works on a local plane in metres (travel-time.ts); each place keeps the
// lat/lng it came from, so a road-routing table can be asked about it (routing-table-travel.ts).

export interface LivePlace extends Place {
  lat: number;
  lng: number;
}

/** Places of one round on one plane, centred on `origin`. */
export function placeFactory(origin: LatLng): (id: string, at: LatLng) => LivePlace {
  const plane = localPlane(origin);
  return (id, at) => ({ ...plane.place(id, at), lat: at.lat, lng: at.lng });
}

/**
 * Real drivers without a routing service: the estimator's own rule (great-circle × ROAD_FACTOR at
 * AVERAGE_SPEED_KMH, lib/pricing), so a round's plan and the ETA a vendor is promised agree.
 */
export const ROAD_ESTIMATE_TRAVEL: TravelTime = straightLineTravel({ metresPerSecond: (AVERAGE_SPEED_KMH * 1000) / 3600, roadFactor: ROAD_FACTOR });

/** A sandbox's simulated drivers drive the straight line at the account's speed. */
export function simulatedTravel(speedKmh: number): TravelTime {
  return straightLineTravel({ metresPerSecond: (speedKmh * 1000) / 3600 });
}
