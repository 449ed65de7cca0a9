import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { ADMIN_DRIVER_SELECT, adminDriverView } from '@/lib/fleet/server/internal/drivers/admin-driver-view';
import { driverNotFound } from '@/lib/fleet/server/drivers/get-admin-driver';
import type { AdminDriver, UpdateDriverBody } from '@/lib/fleet/shared/drivers/schemas';
import { declineOpenOffers } from '@/lib/fleet/server/internal/offers/decline-open-offers';

/**
 * Changes a driver's name, phone or fleet, or deactivates / reactivates them. A deactivated
 * driver cannot be assigned (assignDriver checks) and keeps the dispatches already assigned.
 * An active driver never belongs to an inactive fleet: moving one into an inactive fleet, or
 * reactivating one who is in it, is refused. `on_duty` is the driver app's switch, set for
 * them. Going off duty or being deactivated declines the driver's open offer, as the app's
 * switch does. Input is parsed by the caller's schema.
 */
export async function updateDriver(options: { id: string; input: UpdateDriverBody }): Promise<AdminDriver> {
  const { name, phone, fleet_id: fleetId, is_active: isActive, on_duty: onDuty } = options.input;
  const updated = await db().$transaction(async (tx) => {
    const current = await tx.driver.findUnique({ where: { id: options.id }, select: { isActive: true, fleetId: true, onDuty: true } });
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
      data: {
        name,
        phone: phone === '' ? null : phone,
        isActive,
        ...(onDuty !== undefined && onDuty !== current.onDuty && { onDuty, dutyChangedAt: new Date() }),
        ...(fleetId === undefined ? {} : { fleet: fleetId === null ? { disconnect: true } : { connect: { id: fleetId } } }),
      },
      select: ADMIN_DRIVER_SELECT,
    });
    // A deactivated driver is signed out of the app everywhere, sign-ins in flight included (the
    // trigger revoke_sessions, lib/platform/server/sql), and cannot sign in (lib/platform/server/auth/sign-in.ts); a new name
    // is the name the app greets them by.
    if (name !== undefined) await tx.user.updateMany({ where: { driverId: options.id }, data: { name } });
    return adminDriverView(row);
  });
  // Off duty or deactivated, the driver cannot take the offer they have open: it moves on now.
  if (onDuty === false || isActive === false) await declineOpenOffers({ driverId: options.id });
  return updated;
}
