import { db } from '@/lib/db/client';
import type { Driver } from '@/lib/drivers/schemas';

/**
 * Active drivers for a picker, by name: names containing `q` (any case), or the driver whose id
 * or phone is exactly `q`; alphabetical, at most `limit`.
 */
export async function listDrivers(options: { q?: string; limit: number }): Promise<Driver[]> {
  const q = options.q?.trim();
  const rows = await db().driver.findMany({
    where: {
      isActive: true,
      ...(q ? { OR: [{ name: { contains: q, mode: 'insensitive' } }, { id: q }, { phone: q }] } : {}),
    },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: options.limit,
    select: { id: true, name: true, phone: true, fleetId: true },
  });
  return rows.map((row) => ({ id: row.id, name: row.name, phone: row.phone, fleet_id: row.fleetId }));
}
