import { Prisma } from '@/prisma/generated/client';
import { decodeCursor, encodeCursor } from '@/lib/platform/server/paging/cursor';
import { db } from '@/lib/platform/server/db/client';
import { readRecordPage } from '@/lib/dispatch/server/read-records';
import { driverNotFound } from '@/lib/fleet/server/drivers/get-admin-driver';

/**
 * A driver's dispatches across every account, newest first, as the JSON text of
 * `{ data, next_cursor }`: what `GET /ext/dispatches/d/{driver_id}` returns to one account,
 * for the console. Served by dispatches_assigned_driver_id_created_at_id_idx.
 */
export async function listDriverDispatchesJson(options: { driverId: string; limit: number; cursor?: string }): Promise<string> {
  if (!(await db().driver.findUnique({ where: { id: options.driverId }, select: { id: true } }))) throw driverNotFound(options.driverId);
  const page = await readRecordPage({
    conditions: [Prisma.sql`d.assigned_driver_id = ${options.driverId}`],
    limit: options.limit,
    cursor: options.cursor ? decodeCursor(options.cursor) : undefined,
  });
  return `{"data":${page.json},"next_cursor":${JSON.stringify(page.next ? encodeCursor(page.next) : null)}}`;
}
