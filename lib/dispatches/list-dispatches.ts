import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { afterCursor, decodeCursor, encodeCursor } from '@/lib/dispatches/cursor';
import type { DispatchListQuery, DispatchRecord } from '@/lib/dispatches/schemas';
import { DISPATCH_SELECT, serializeDispatch } from '@/lib/dispatches/serialize-dispatch';

export type ListFilters = Partial<Omit<DispatchListQuery, 'limit' | 'cursor'>> & {
  /** Only dispatches assigned to this driver (the driver listing). */
  driverId?: string;
};

/**
 * A page of the account's dispatches, newest first. Every filter combination is served by an
 * index on (account_id, <filter>, created_at DESC, id DESC) or the unique (account_id, vendor_oid).
 */
export async function listDispatches(options: {
  accountId: string;
  filters?: ListFilters;
  limit: number;
  cursor?: string;
}): Promise<{ data: DispatchRecord[]; next_cursor: string | null }> {
  const { accountId, filters = {}, limit } = options;
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  const createdAt: Prisma.DateTimeFilter = {
    ...(filters.created_from && { gte: filters.created_from }),
    ...(filters.created_to && { lt: filters.created_to }),
  };
  const where: Prisma.DispatchWhereInput = {
    accountId,
    ...(filters.driverId !== undefined && { assignedDriverId: filters.driverId }),
    ...(filters.status && { state: filters.status }),
    ...(filters.vendor_bid !== undefined && { vendorBid: filters.vendor_bid }),
    ...(filters.vendor_oid !== undefined && { vendorOid: filters.vendor_oid }),
    AND: [{ createdAt }, afterCursor(cursor)],
  };
  const rows = await db().dispatch.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    select: DISPATCH_SELECT,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(serializeDispatch),
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}
