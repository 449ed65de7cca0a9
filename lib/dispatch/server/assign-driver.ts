import { db } from '@/lib/platform/server/db/client';
import { mayCarry } from '@/lib/dispatch/server/may-carry';
import type { Prisma } from '@/prisma/generated/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { applyChange, lockDispatch, TX_OPTIONS, type Actor, type DispatchCommand, type LockedDispatch } from '@/lib/dispatch/server/apply-change';
import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { canRecordStatus, isLifecycleStatus } from '@/lib/dispatch/shared/transitions/statuses';

/** Whether a driver may be assigned to the locked dispatch now; throws the reason if not. */
export function assertAssignable(current: LockedDispatch, driverId: string): void {
  if (!isLifecycleStatus(current.state) || !canRecordStatus(current.state, 'assigned')) {
    throw new DomainError('invalid_transition', `Cannot assign a driver while the dispatch is "${current.state}"`);
  }
  if (current.assignedDriverId === driverId) {
    throw new DomainError('invalid_transition', `The dispatch is already assigned to driver "${driverId}"`);
  }
}

/** Writes the assignment of a locked, assignable dispatch: `assigned` in the history and both events. */
export function writeAssignment(tx: Prisma.TransactionClient, current: LockedDispatch, driverId: string, actor: Actor) {
  return applyChange(tx, current, {
    // A new driver starts a new approach: the ETA is announced afresh from their first position.
    columns: { state: 'assigned', assigned_driver_id: driverId, eta_minutes: null, eta_stop: null, eta_updated_at: null },
    actor,
    status: 'assigned',
    events: ['dispatch.status_updated', 'dispatch.driver_assigned'],
  });
}

/** Assigns (or reassigns) an active driver: appends `assigned` and announces the driver. */
export async function assignDriver(options: DispatchCommand & { driverId: string }): Promise<DispatchRecord> {
  return db().$transaction(async (tx) => {
    const current = await lockDispatch(tx, options);
    assertAssignable(current, options.driverId);
    const driver = await tx.driver.findUnique({ where: { id: options.driverId }, select: { isActive: true, sandboxAccountId: true } });
    // A sandbox's simulated driver carries only that account's dispatches.
    if (!driver || !mayCarry(driver, current.accountId)) {
      throw new DomainError('invalid_request', `driver_id: no active driver with id "${options.driverId}"`);
    }
    // A driver given by hand leaves the engine's trip, and its plan with it.
    await tx.$executeRaw`UPDATE dispatches SET trip_id = NULL, trip_seq = NULL, expected_pickup_at = NULL WHERE id = ${current.id} AND trip_id IS NOT NULL`;
    return writeAssignment(tx, current, options.driverId, options.actor);
  }, TX_OPTIONS);
}
