import { db } from '@/lib/platform/server/db/client';
import { Prisma } from '@/prisma/generated/client';
import { decodeCursor, encodeCursor } from '@/lib/platform/server/paging/cursor';
import { fleetsWithCounts, fleetView, type FleetRow } from '@/lib/fleet/server/internal/fleets/fleet-view';
import type { FleetView, ListFleetsQuery } from '@/lib/fleet/shared/fleets/schemas';

/** Fleets newest first with their driver counts, in one query; keyset-paged. */
export async function listFleets(options: { query: ListFleetsQuery }): Promise<{ data: FleetView[]; next_cursor: string | null }> {
  const { active, limit, cursor } = options.query;
  const conditions = [Prisma.sql`TRUE`];
  if (active !== undefined) conditions.push(Prisma.sql`is_active = ${active === 'true'}`);
  if (cursor) {
    const after = decodeCursor(cursor);
    conditions.push(Prisma.sql`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id})`);
  }
  const rows = await db().$queryRaw<FleetRow[]>(
    fleetsWithCounts(Prisma.sql`
      SELECT id, name, is_active, created_at FROM fleets
      WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(fleetView),
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id }) : null,
  };
}
