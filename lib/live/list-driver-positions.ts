import { db } from '@/lib/db/client';
import { Prisma } from '@/prisma/generated/client';
import { formatTimestamp } from '@/lib/dispatches/timestamp';
import { LIVE_MAP_LIMIT, type MapDriver } from '@/lib/live/live-map-schemas';

/**
 * Active drivers with a known position, the most recently reported first (at most
 * LIVE_MAP_LIMIT): one query over drivers_last_position_at_idx, fleet names joined by key.
 */
export async function listDriverPositions(): Promise<MapDriver[]> {
  const rows = await db().$queryRaw<
    { id: string; name: string; fleet_name: string | null; is_sandbox: boolean; lat: number; lng: number; at: Date }[]
  >(driverPositionsQuery());
  return rows.map((row) => ({ ...row, at: formatTimestamp(new Date(row.at)) }));
}

/** The statement behind listDriverPositions (its plan is checked in live-map-plans.integration.test.ts). */
export function driverPositionsQuery(): Prisma.Sql {
  return Prisma.sql`
    SELECT d.id, d.name, f.name AS fleet_name, d.sandbox_account_id IS NOT NULL AS is_sandbox,
           d.last_lat AS lat, d.last_lng AS lng, d.last_position_at AS at
    FROM drivers d LEFT JOIN fleets f ON f.id = d.fleet_id
    WHERE d.is_active AND d.last_position_at IS NOT NULL AND d.last_lat IS NOT NULL AND d.last_lng IS NOT NULL
    ORDER BY d.last_position_at DESC
    LIMIT ${LIVE_MAP_LIMIT}`;
}
