import { Prisma } from '@/lib/generated/prisma/client';
import { decodeCursor, encodeCursor } from '@/lib/http/cursor';
import { readRecordPage } from '@/lib/dispatches/read-records';
import { phoneTail } from '@/lib/dispatches/phone-tail';
import type { DispatchListQuery } from '@/lib/dispatches/schemas';

export type ListFilters = Partial<Omit<DispatchListQuery, 'limit' | 'cursor'>> & {
  /** Only dispatches assigned to this driver (the driver listing). */
  driverId?: string;
  /** The dashboard's search: an exact vendor_oid, an r_id (any case) or a customer phone. */
  q?: string;
};

/**
 * A page of the account's dispatches, newest first, as the JSON text of
 * `{ data, next_cursor }`. Every filter combination is served by an index on
 * (account_id, <filter>, created_at DESC, id DESC) or the unique (account_id, vendor_oid).
 */
export async function listDispatchesJson(options: {
  accountId: string;
  filters?: ListFilters;
  limit: number;
  cursor?: string;
}): Promise<string> {
  const { accountId, filters = {}, limit } = options;
  const conditions = [Prisma.sql`d.account_id = ${accountId}`];
  if (filters.driverId !== undefined) conditions.push(Prisma.sql`d.assigned_driver_id = ${filters.driverId}`);
  if (filters.status) conditions.push(Prisma.sql`d.state = ${filters.status}`);
  if (filters.vendor_bid !== undefined) conditions.push(Prisma.sql`d.vendor_bid = ${filters.vendor_bid}`);
  if (filters.vendor_oid !== undefined) conditions.push(Prisma.sql`d.vendor_oid = ${filters.vendor_oid}`);
  if (filters.created_from) conditions.push(Prisma.sql`d.created_at >= ${filters.created_from}::timestamptz`);
  if (filters.created_to) conditions.push(Prisma.sql`d.created_at < ${filters.created_to}::timestamptz`);
  if (filters.q !== undefined) {
    // Each alternative has its own index; PostgreSQL ORs the bitmaps.
    const tail = phoneTail(filters.q);
    conditions.push(
      tail
        ? Prisma.sql`(d.vendor_oid = ${filters.q} OR d.r_id = ${filters.q.toUpperCase()} OR d.phone_tail = ${tail})`
        : Prisma.sql`(d.vendor_oid = ${filters.q} OR d.r_id = ${filters.q.toUpperCase()})`,
    );
  }
  const page = await readRecordPage({ conditions, limit, cursor: options.cursor ? decodeCursor(options.cursor) : undefined });
  return `{"data":${page.json},"next_cursor":${JSON.stringify(page.next ? encodeCursor(page.next) : null)}}`;
}
