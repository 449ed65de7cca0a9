import { db } from '@/lib/platform/server/db/client';
import { newId } from '@/lib/platform/server/ids/new-id';
import type { CreateFleetBody, FleetView } from '@/lib/fleet/shared/fleets/schemas';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';

/** Creates an active fleet with no drivers. Input is parsed by the caller's schema. */
export async function createFleet(options: { input: CreateFleetBody }): Promise<FleetView> {
  const row = await db().fleet.create({
    data: { id: newId('flt'), name: options.input.name },
    select: { id: true, name: true, isActive: true, createdAt: true },
  });
  return { id: row.id, name: row.name, is_active: row.isActive, created_at: formatTimestamp(row.createdAt), driver_count: 0, active_driver_count: 0 };
}
