import { db } from '@/lib/platform/server/db/client';
import type { Prisma } from '@/prisma/generated/client';
import { afterCursor, decodeCursor, pageOf, type Page } from '@/lib/platform/server/paging/cursor';
import { ADMIN_DRIVER_SELECT, adminDriverView } from '@/lib/fleet/server/internal/drivers/admin-driver-view';
import type { AdminDriver, ListDriversQuery } from '@/lib/fleet/shared/drivers/schemas';

/** What the dispatch console's driver picker reads of each driver (a subset of `AdminDriver`). */
export type PickerDriver = Pick<AdminDriver, 'id' | 'name' | 'phone' | 'is_active' | 'fleet'>;

/**
 * Every driver, newest first, keyset-paged over drivers_created_at_id_idx (by fleet:
 * drivers_fleet_id_idx). `q` matches a name or phone containing it (any case) or an exact id.
 */
export async function listDrivers(options: { query: ListDriversQuery }): Promise<Page<AdminDriver>> {
  const { q, fleet, active, limit, cursor } = options.query;
  const where: Prisma.DriverWhereInput = {
    ...(fleet ? { fleetId: fleet } : {}),
    ...(active ? { isActive: active === 'true' } : {}),
    ...(q ? { AND: [{ OR: [{ id: q }, { name: { contains: q, mode: 'insensitive' } }, { phone: { contains: q } }] }] } : {}),
    ...afterCursor(cursor ? decodeCursor(cursor) : undefined),
  };
  const rows = await db().driver.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    select: ADMIN_DRIVER_SELECT,
  });
  return pageOf(rows, limit, adminDriverView);
}
