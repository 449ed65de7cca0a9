import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { ApiError } from '@/lib/http/errors';
import { applyChange, lockDispatch, TX_OPTIONS, type Actor } from '@/lib/dispatches/apply-change';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { canRecordStatus, isLifecycleStatus } from '@/lib/dispatches/statuses';

/** Assigns (or reassigns) an active driver: appends `assigned` and announces the driver. */
export async function assignDriver(options: {
  id: string;
  accountId: string | null;
  driverId: string;
  actor: Actor;
  /** Runs in the caller's transaction (the sandbox picks a driver and assigns it in one). */
  tx?: Prisma.TransactionClient;
}): Promise<DispatchRecord> {
  const assign = async (tx: Prisma.TransactionClient) => {
    const current = await lockDispatch(tx, { id: options.id, accountId: options.accountId });
    if (!isLifecycleStatus(current.state) || !canRecordStatus(current.state, 'assigned')) {
      throw new ApiError('invalid_transition', `Cannot assign a driver while the dispatch is "${current.state}"`);
    }
    if (current.assignedDriverId === options.driverId) {
      throw new ApiError('invalid_transition', `The dispatch is already assigned to driver "${options.driverId}"`);
    }
    const driver = await tx.driver.findUnique({ where: { id: options.driverId }, select: { isActive: true } });
    if (!driver?.isActive) throw new ApiError('invalid_request', `driver_id: no active driver with id "${options.driverId}"`);
    return applyChange(tx, current, {
      data: { state: 'assigned', assignedDriver: { connect: { id: options.driverId } } },
      actor: options.actor,
      status: 'assigned',
      events: ['dispatch.status_updated', 'dispatch.driver_assigned'],
    });
  };
  return options.tx ? assign(options.tx) : db().$transaction(assign, TX_OPTIONS);
}
