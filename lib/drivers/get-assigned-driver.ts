import { db } from '@/lib/db/client';
import { dispatchNotFound } from '@/lib/dispatches/apply-change';
import { ApiError } from '@/lib/http/errors';
import type { Driver } from '@/lib/drivers/schemas';

/** The driver assigned to a dispatch (any account: the console); 404 when there is none. */
export async function getAssignedDriver(options: { dispatchId: string }): Promise<Driver> {
  const dispatch = await db().dispatch.findUnique({
    where: { id: options.dispatchId },
    select: { assignedDriver: { select: { id: true, name: true, phone: true, fleetId: true } } },
  });
  if (!dispatch) throw dispatchNotFound(options.dispatchId);
  const driver = dispatch.assignedDriver;
  if (!driver) throw new ApiError('not_found', `Dispatch "${options.dispatchId}" has no driver`);
  return { id: driver.id, name: driver.name, phone: driver.phone, fleet_id: driver.fleetId };
}
