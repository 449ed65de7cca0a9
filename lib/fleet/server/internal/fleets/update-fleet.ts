import { db } from '@/lib/platform/server/db/client';
import { Prisma } from '@/prisma/generated/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { fleetsWithCounts, fleetView, type FleetRow } from '@/lib/fleet/server/internal/fleets/fleet-view';
import type { FleetView, UpdateFleetBody } from '@/lib/fleet/shared/fleets/schemas';

/**
 * Renames a fleet, deactivates or reactivates it. Deactivating also deactivates its active
 * drivers in the same transaction (assignDriver refuses inactive drivers), so an active driver
 * never belongs to an inactive fleet; reactivating the fleet leaves its drivers as they are.
 */
export async function updateFleet(options: { id: string; input: UpdateFleetBody }): Promise<FleetView> {
  const { name, is_active: isActive } = options.input;
  return db().$transaction(async (tx) => {
    const updated = await tx.fleet.updateMany({ where: { id: options.id }, data: { name, isActive } });
    if (updated.count === 0) throw new DomainError('not_found', `No fleet with id "${options.id}"`);
    if (isActive === false) await tx.driver.updateMany({ where: { fleetId: options.id, isActive: true }, data: { isActive: false } });
    const rows = await tx.$queryRaw<FleetRow[]>(
      fleetsWithCounts(Prisma.sql`SELECT id, name, is_active, created_at FROM fleets WHERE id = ${options.id}`),
    );
    return fleetView(rows[0]!);
  });
}
