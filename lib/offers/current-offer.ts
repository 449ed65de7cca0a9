import { db } from '@/lib/db/client';
import { straightLineEstimator } from '@/lib/estimates/route-estimator';
import { OFFERABLE_STATES } from '@/lib/offers/close-offers';
import type { Offer } from '@/lib/offers/schemas';
import { ON_DUTY_STATES } from '@/lib/transitions/statuses';

interface Stop {
  lat: number;
  lng: number;
  address_line?: string | null;
}

interface OfferRow {
  id: string;
  dispatchId: string;
  rId: string;
  expiresAt: Date;
  createdAt: Date;
  expiresInMs: number;
  vendorName: Record<string, string> | null;
  pickup: Stop;
  destination: Stop;
  tipMinor: number | null;
  currency: string;
  driverLat: number | null;
  driverLng: number | null;
}

/** One decimal: a driver weighs 2.4 km against 2.6 km, not metres. */
function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

function stopOf(stop: Stop): Offer['pickup'] {
  return { lat: stop.lat, lng: stop.lng, address_line: stop.address_line ?? null };
}

/** The restaurant's name as the vendor sent it (`vendor_name`): English when given, else the first. */
function restaurantOf(vendorName: Record<string, string> | null): string {
  if (!vendorName) return '';
  return vendorName['en-us'] ?? Object.values(vendorName)[0] ?? '';
}

/**
 * The driver's open offer, or null: pending, not expired, its dispatch still waiting for a
 * driver, and the driver free to take it. An offer whose dispatch was assigned or cancelled
 * meanwhile, or that the driver could no longer accept (an admin gave them another dispatch),
 * is not shown even before it is marked closed, so the app's prompt never outlives the offer.
 */
export async function currentOffer(driverId: string): Promise<Offer | null> {
  const [row] = await db().$queryRaw<OfferRow[]>`
    SELECT o.id, o.dispatch_id AS "dispatchId", d.r_id AS "rId", o.expires_at AS "expiresAt", o.created_at AS "createdAt",
           greatest(0, floor(extract(epoch FROM o.expires_at - clock_timestamp()) * 1000))::int AS "expiresInMs",
           d.vendor_name AS "vendorName", d.pickup, d.destination, d.tip_minor AS "tipMinor",
           coalesce(d.pricing->>'currency', a.currency) AS currency, dr.last_lat AS "driverLat", dr.last_lng AS "driverLng"
    FROM dispatch_offers o
    JOIN dispatches d ON d.id = o.dispatch_id
    JOIN accounts a ON a.id = d.account_id
    JOIN drivers dr ON dr.id = o.driver_id
    WHERE o.driver_id = ${driverId} AND o.state = 'pending' AND o.expires_at > now()
      AND d.assigned_driver_id IS NULL AND d.state = ANY(${OFFERABLE_STATES as string[]})
      AND NOT EXISTS (SELECT 1 FROM dispatches w WHERE w.assigned_driver_id = o.driver_id AND w.state = ANY(${ON_DUTY_STATES as string[]}))
    LIMIT 1`;
  if (!row) return null;
  const trip = await straightLineEstimator.leg(row.pickup, row.destination);
  const approach =
    row.driverLat !== null && row.driverLng !== null ? await straightLineEstimator.leg({ lat: row.driverLat, lng: row.driverLng }, row.pickup) : null;
  return {
    id: row.id,
    dispatch_id: row.dispatchId,
    r_id: row.rId,
    expires_at: row.expiresAt.toISOString(),
    expires_in_ms: row.expiresInMs,
    created_at: row.createdAt.toISOString(),
    restaurant: restaurantOf(row.vendorName),
    pickup: stopOf(row.pickup),
    destination: stopOf(row.destination),
    pickup_distance_km: approach ? roundKm(approach.distanceKm) : null,
    trip_km: roundKm(trip.distanceKm),
    tip: row.tipMinor === null ? null : { amount_minor: row.tipMinor, currency: row.currency },
  };
}
