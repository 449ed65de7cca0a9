import { Prisma } from '@/prisma/generated/client';
import type { FleetView } from '@/lib/fleet/shared/fleets/schemas';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';

// Fleets with their driver counts: one query (the page of fleets, then a join counted per fleet
// through drivers_fleet_id_idx), shared by the list and the write operations' answers.

export interface FleetRow {
  id: string;
  name: string;
  is_active: boolean;
  created_at: Date;
  driver_count: bigint | number;
  active_driver_count: bigint | number;
}

/** The fleets the inner query selects (it must return fleet rows ordered as wanted), with counts. */
export function fleetsWithCounts(fleets: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT f.id, f.name, f.is_active, f.created_at,
           count(d.id) AS driver_count,
           count(d.id) FILTER (WHERE d.is_active) AS active_driver_count
    FROM (${fleets}) f
    LEFT JOIN drivers d ON d.fleet_id = f.id
    GROUP BY f.id, f.name, f.is_active, f.created_at
    ORDER BY f.created_at DESC, f.id DESC`;
}

export function fleetView(row: FleetRow): FleetView {
  return {
    id: row.id,
    name: row.name,
    is_active: row.is_active,
    created_at: formatTimestamp(new Date(row.created_at)),
    driver_count: Number(row.driver_count),
    active_driver_count: Number(row.active_driver_count),
  };
}
