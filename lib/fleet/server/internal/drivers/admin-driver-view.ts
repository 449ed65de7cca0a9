import type { Prisma } from '@/prisma/generated/client';
import type { AdminDriver } from '@/lib/fleet/shared/drivers/schemas';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';

// Driver rows to the console's shape. The fleet and sandbox account come in the same query
// (relationJoins), so a page of drivers is one statement.

export const ADMIN_DRIVER_SELECT = {
  id: true,
  name: true,
  phone: true,
  isActive: true,
  onDuty: true,
  createdAt: true,
  lastLat: true,
  lastLng: true,
  lastPositionAt: true,
  fleet: { select: { id: true, name: true, isActive: true } },
  sandboxAccount: { select: { id: true, name: true } },
} satisfies Prisma.DriverSelect;

export function adminDriverView(row: Prisma.DriverGetPayload<{ select: typeof ADMIN_DRIVER_SELECT }>): AdminDriver {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    is_active: row.isActive,
    on_duty: row.onDuty,
    created_at: formatTimestamp(row.createdAt),
    fleet: row.fleet ? { id: row.fleet.id, name: row.fleet.name, is_active: row.fleet.isActive } : null,
    sandbox_account: row.sandboxAccount,
    last_position:
      row.lastLat !== null && row.lastLng !== null && row.lastPositionAt
        ? { lat: row.lastLat, lng: row.lastLng, at: formatTimestamp(row.lastPositionAt) }
        : null,
  };
}
