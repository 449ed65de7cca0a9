import type { Prisma } from '@/prisma/generated/client';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import type { DispatchDriver } from '@/lib/fleet/shared/drivers/schemas';

// Driver rows to the dispatch page's shape (staff and console read the same columns).

export const DISPATCH_DRIVER_SELECT = {
  id: true,
  name: true,
  phone: true,
  fleetId: true,
  lastLat: true,
  lastLng: true,
  lastPositionAt: true,
} satisfies Prisma.DriverSelect;

/** `isOnDuty`: whether the viewer may see where the driver is now (see DispatchDriverSchema). */
export function dispatchDriverView(row: Prisma.DriverGetPayload<{ select: typeof DISPATCH_DRIVER_SELECT }>, isOnDuty: boolean): DispatchDriver {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    fleet_id: row.fleetId,
    last_position:
      isOnDuty && row.lastLat !== null && row.lastLng !== null && row.lastPositionAt
        ? { lat: row.lastLat, lng: row.lastLng, at: formatTimestamp(row.lastPositionAt) }
        : null,
  };
}
