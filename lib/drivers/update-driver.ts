import { db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { ADMIN_DRIVER_SELECT, adminDriverView } from '@/lib/drivers/admin-driver-view';
import { driverNotFound } from '@/lib/drivers/get-admin-driver';
import type { AdminDriver, UpdateDriverBody } from '@/lib/drivers/schemas';

/**
 * Changes a driver's name, phone or fleet, or deactivates / reactivates them. A deactivated
 * driver cannot be assigned (assignDriver checks) and keeps the dispatches already assigned.
 * An active driver never belongs to an inactive fleet: moving one into an inactive fleet, or
 * reactivating one who is in it, is refused. Input is parsed by the caller's schema.
 */
export async function updateDriver(options: { id: string; input: UpdateDriverBody }): Promise<AdminDriver> {
  const { name, phone, fleet_id: fleetId, is_active: isActive } = options.input;
  return db().$transaction(async (tx) => {
    const current = await tx.driver.findUnique({ where: { id: options.id }, select: { isActive: true, fleetId: true } });
    if (!current) throw driverNotFound(options.id);
    const nextFleetId = fleetId === undefined ? current.fleetId : fleetId;
    const willBeActive = isActive ?? current.isActive;
    if (nextFleetId !== null && (fleetId !== undefined || isActive === true)) {
      const fleet = await tx.fleet.findUnique({ where: { id: nextFleetId }, select: { isActive: true } });
      if (!fleet) throw new DomainError('invalid_request', `fleet_id: no fleet with id "${nextFleetId}"`);
      if (!fleet.isActive && willBeActive) {
        throw new DomainError('invalid_request', `fleet_id: fleet "${nextFleetId}" is inactive; reactivate it or choose another fleet`);
      }
    }
    const row = await tx.driver.update({
      where: { id: options.id },
      data: { name, phone: phone === '' ? null : phone, isActive, ...(fleetId === undefined ? {} : { fleet: fleetId === null ? { disconnect: true } : { connect: { id: fleetId } } }) },
      select: ADMIN_DRIVER_SELECT,
    });
    return adminDriverView(row);
  });
}
