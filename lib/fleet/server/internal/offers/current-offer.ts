import { db } from '@/lib/platform/server/db/client';
import { straightLineEstimator } from '@/lib/pricing/shared/estimates/route-estimator';
import { OFFERABLE_STATES } from '@/lib/fleet/server/offers/close-offers';
import type { Offer } from '@/lib/fleet/server/internal/offers/schemas';
import { carriesNoOtherWork } from '@/lib/fleet/server/drivers/driver-is-free';
import { Prisma } from '@/prisma/generated/client';

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
  tripId: string;
  kind: 'final' | 'commit';
  readyAt: Date;
  arriveAt: Date;
  extendsTrip: boolean;
  position: number;
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
 * The driver's open offer, or null: the trip on offer to them, not expired, with the dispatches
 * that still wait for a driver (in drop-off order), while the driver is free to take it (on no
 * other work than the trip it extends). A trip whose dispatches all went elsewhere, or that the
 * driver could no longer accept (an admin gave them another dispatch), is not shown even before
 * it is closed, so the app's prompt never outlives the offer. Tips add up over the trip.
 */
export async function currentOffer(driverId: string): Promise<Offer | null> {
  const rows = await db().$queryRaw<OfferRow[]>`
    SELECT o.id, o.dispatch_id AS "dispatchId", d.r_id AS "rId", o.expires_at AS "expiresAt", o.created_at AS "createdAt",
           greatest(0, floor(extract(epoch FROM o.expires_at - clock_timestamp()) * 1000))::int AS "expiresInMs",
           d.vendor_name AS "vendorName", d.pickup, d.destination, d.tip_minor AS "tipMinor",
           coalesce(d.pricing->>'currency', a.currency) AS currency, dr.last_lat AS "driverLat", dr.last_lng AS "driverLng",
           t.id AS "tripId", t.kind, t.ready_at AS "readyAt", t.arrive_at AS "arriveAt", t.extends_trip_id IS NOT NULL AS "extendsTrip",
           array_position(t.order_ids, d.id) AS position
    FROM trips t
    JOIN dispatch_offers o ON o.trip_id = t.id AND o.state = 'pending'
    JOIN dispatches d ON d.id = o.dispatch_id
    JOIN accounts a ON a.id = d.account_id
    JOIN drivers dr ON dr.id = t.driver_id
    WHERE t.driver_id = ${driverId} AND t.state = 'offered' AND t.expires_at > now()
      AND d.assigned_driver_id IS NULL AND d.state = ANY(${OFFERABLE_STATES as string[]})
      AND ${carriesNoOtherWork(Prisma.raw('t.driver_id'), Prisma.raw('t.order_ids'))}
    ORDER BY position`;
  const lead = rows[0];
  if (!lead) return null;
  const approach =
    lead.driverLat !== null && lead.driverLng !== null ? await straightLineEstimator.leg({ lat: lead.driverLat, lng: lead.driverLng }, lead.pickup) : null;
  const legs = await Promise.all(rows.map((row) => straightLineEstimator.leg(row.pickup, row.destination)));
  const tips = rows.filter((row) => row.tipMinor !== null);
  return {
    id: lead.id,
    dispatch_id: lead.dispatchId,
    r_id: lead.rId,
    expires_at: lead.expiresAt.toISOString(),
    expires_in_ms: lead.expiresInMs,
    created_at: lead.createdAt.toISOString(),
    restaurant: restaurantOf(lead.vendorName),
    pickup: stopOf(lead.pickup),
    destination: stopOf(lead.destination),
    pickup_distance_km: approach ? roundKm(approach.distanceKm) : null,
    trip_km: roundKm(legs[0]!.distanceKm),
    tip: tips.length === 0 ? null : { amount_minor: tips.reduce((sum, row) => sum + row.tipMinor!, 0), currency: lead.currency },
    trip: {
      id: lead.tripId,
      kind: lead.kind,
      ready_at: lead.readyAt.toISOString(),
      arrive_at: lead.arriveAt.toISOString(),
      extends_trip: lead.extendsTrip,
      dispatches: rows.map((row, i) => ({ dispatch_id: row.dispatchId, r_id: row.rId, destination: stopOf(row.destination), trip_km: roundKm(legs[i]!.distanceKm) })),
    },
  };
}
