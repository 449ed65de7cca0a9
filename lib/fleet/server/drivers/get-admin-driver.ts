import { db } from '@/lib/platform/server/db/client';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { ADMIN_DRIVER_SELECT, adminDriverView } from '@/lib/fleet/server/internal/drivers/admin-driver-view';
import type { AdminDriver } from '@/lib/fleet/shared/drivers/schemas';

export function driverNotFound(id: string): DomainError {
  return new DomainError('not_found', `No driver with id "${id}"`);
}

/** Any driver, as the console shows them (platform-wide: admins only); 404 when unknown. */
export async function getAdminDriver(options: { id: string }): Promise<AdminDriver> {
  const row = await db().driver.findUnique({ where: { id: options.id }, select: ADMIN_DRIVER_SELECT });
  if (!row) throw driverNotFound(options.id);
  return adminDriverView(row);
}
