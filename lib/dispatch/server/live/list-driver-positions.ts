import { db } from '@/lib/platform/server/db/client';
import { Prisma } from '@/prisma/generated/client';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { LIVE_MAP_LIMIT, type MapDriver } from '@/lib/dispatch/shared/live/live-map-schemas';

/**
 * Active drivers with a known position, the most recently reported first (at most
 * LIVE_MAP_LIMIT): one query over drivers_last_position_at_idx, fleet names joined by key, and
 * for each a driver sent ahead to wait at a pickup (their newest accepted trip, by
 * trips(driver_id, created_at)).
 */
export async function listDriverPositions(): Promise<MapDriver[]> {
  const rows = await db().$queryRaw<
    {
      id: string;
      name: string;
      fleet_name: string | null;
      is_sandbox: boolean;
      lat: number;
      lng: number;
      at: Date;
      waiting_trip_id: string | null;
      waiting_pickup: { lat: number; lng: number } | null;
      waiting_ready_at: Date | null;
    }[]
  >(driverPositionsQuery());
  return rows.map(({ waiting_trip_id, waiting_pickup, waiting_ready_at, ...row }) => ({
    ...row,
    at: formatTimestamp(new Date(row.at)),
    waiting:
      waiting_trip_id && waiting_pickup && waiting_ready_at
        ? { trip_id: waiting_trip_id, pickup: { lat: waiting_pickup.lat, lng: waiting_pickup.lng }, ready_at: formatTimestamp(new Date(waiting_ready_at)) }
        : null,
  }));
}

/** The statement behind listDriverPositions (its plan is checked in live-map-plans.integration.test.ts). */
export function driverPositionsQuery(): Prisma.Sql {
  return Prisma.sql`
    SELECT d.id, d.name, f.name AS fleet_name, d.sandbox_account_id IS NOT NULL AS is_sandbox,
           d.last_lat AS lat, d.last_lng AS lng, d.last_position_at AS at,
           w.id AS waiting_trip_id, w.pickup AS waiting_pickup, w.ready_at AS waiting_ready_at
    FROM (SELECT * FROM drivers
          WHERE is_active AND last_position_at IS NOT NULL AND last_lat IS NOT NULL AND last_lng IS NOT NULL
          ORDER BY last_position_at DESC
          LIMIT ${LIVE_MAP_LIMIT}) d
    LEFT JOIN fleets f ON f.id = d.fleet_id
    -- Sent ahead to wait: the driver's accepted commit trip with an order neither ready nor picked up.
    LEFT JOIN LATERAL (
      SELECT t.id, t.ready_at, (SELECT o.pickup FROM dispatches o WHERE o.trip_id = t.id LIMIT 1) AS pickup
      FROM trips t
      WHERE t.driver_id = d.id AND t.state = 'accepted' AND t.kind = 'commit'
        AND EXISTS (SELECT 1 FROM dispatches w WHERE w.trip_id = t.id AND w.state IN ('assigned', 'accepted') AND w.ready_at IS NULL)
      ORDER BY t.created_at DESC
      LIMIT 1
    ) w ON true
    ORDER BY d.last_position_at DESC`;
}
