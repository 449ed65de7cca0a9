import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import { isLifecycleStatus, ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';
import { DISPATCH_DRIVER_SELECT, dispatchDriverView } from '@/lib/fleet/server/internal/drivers/dispatch-driver-view';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { DispatchDriver } from '@/lib/fleet/shared/drivers/schemas';

/**
 * The driver assigned to a dispatch (any account: the console); 404 when there is none. Their
 * last position only while the dispatch is on duty.
 */
export async function getAssignedDriver(options: { dispatchId: string }): Promise<DispatchDriver> {
  const dispatch = await db().dispatch.findUnique({
    where: { id: options.dispatchId },
    select: { state: true, assignedDriver: { select: DISPATCH_DRIVER_SELECT } },
  });
  if (!dispatch) throw dispatchNotFound(options.dispatchId);
  const driver = dispatch.assignedDriver;
  if (!driver) throw new DomainError('not_found', `Dispatch "${options.dispatchId}" has no driver`);
  return dispatchDriverView(driver, isLifecycleStatus(dispatch.state) && ON_DUTY_STATES.includes(dispatch.state));
}
