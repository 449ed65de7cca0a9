import { db } from '@/lib/platform/server/db/client';
import { ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';
import { DISPATCH_DRIVER_SELECT, dispatchDriverView } from '@/lib/fleet/server/internal/drivers/dispatch-driver-view';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import type { DispatchDriver } from '@/lib/fleet/shared/drivers/schemas';

/**
 * A driver as an account may see them: only while assigned to one of the account's dispatches
 * (drivers are platform-wide; a restaurant must not browse another's couriers). 404 otherwise.
 * Their last position only while they are on duty for one of the account's dispatches.
 */
export async function getDriver(options: { accountId: string; id: string }): Promise<DispatchDriver> {
  const driver = await db().driver.findFirst({
    where: { id: options.id, dispatches: { some: { accountId: options.accountId } } },
    select: {
      ...DISPATCH_DRIVER_SELECT,
      dispatches: { where: { accountId: options.accountId, state: { in: [...ON_DUTY_STATES] } }, select: { id: true }, take: 1 },
    },
  });
  if (!driver) throw new DomainError('not_found', `No driver with id "${options.id}" is assigned to your dispatches`);
  return dispatchDriverView(driver, driver.dispatches.length > 0);
}
