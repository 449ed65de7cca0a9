import { db } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import type { Driver } from '@/lib/drivers/schemas';

/**
 * A driver as an account may see them: only while assigned to one of the account's dispatches
 * (drivers are platform-wide; a restaurant must not browse another's couriers). 404 otherwise.
 */
export async function getDriver(options: { accountId: string; id: string }): Promise<Driver> {
  const driver = await db().driver.findFirst({
    where: { id: options.id, dispatches: { some: { accountId: options.accountId } } },
    select: { id: true, name: true, phone: true, fleetId: true },
  });
  if (!driver) throw new ApiError('not_found', `No driver with id "${options.id}" is assigned to your dispatches`);
  return { id: driver.id, name: driver.name, phone: driver.phone, fleet_id: driver.fleetId };
}
