import { db } from '@/lib/db/client';

/**
 * A driver as the console's picker shows them. The same fields (a subset) as the console's full
 * driver list on feat/console-fleet (`AdminDriver`), so the picker works on either.
 */
export interface PickerDriver {
  id: string;
  name: string;
  phone: string | null;
  is_active: boolean;
  fleet: { id: string; name: string; is_active: boolean } | null;
}

/**
 * Drivers for the console's picker: names containing `q` (any case), or the driver whose id or
 * phone is exactly `q`; only active ones with `active: 'true'`; alphabetical, at most `limit`.
 * The drivers table is small (the platform's couriers), so the name match scans it.
 */
export async function listDrivers(options: {
  query: { q?: string; active?: 'true' | 'false'; limit: number };
}): Promise<{ data: PickerDriver[]; next_cursor: null }> {
  const { active, limit } = options.query;
  const q = options.query.q?.trim();
  const rows = await db().driver.findMany({
    where: {
      ...(active ? { isActive: active === 'true' } : {}),
      ...(q ? { OR: [{ name: { contains: q, mode: 'insensitive' } }, { id: q }, { phone: q }] } : {}),
    },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: limit,
    select: { id: true, name: true, phone: true, isActive: true, fleet: { select: { id: true, name: true, isActive: true } } },
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      phone: row.phone,
      is_active: row.isActive,
      fleet: row.fleet ? { id: row.fleet.id, name: row.fleet.name, is_active: row.fleet.isActive } : null,
    })),
    next_cursor: null,
  };
}
