import { Prisma } from '@/prisma/generated/client';
import { decodeCursor, encodeCursor } from '@/lib/platform/server/paging/cursor';
import { readRecordPage } from '@/lib/dispatch/server/read-records';
import { customerNamePrefixPattern } from '@/lib/dispatch/server/internal/customer-search-key';
import { phoneTail } from '@/lib/dispatch/server/internal/phone-tail';
import type { DispatchListQuery } from '@/lib/dispatch/server/list-query-schemas';
import { scopeSql } from '@/lib/platform/server/tenancy/scope-filters';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

export type ListFilters = Partial<Omit<DispatchListQuery, 'limit' | 'cursor'>> & {
  /** Only dispatches assigned to this driver (the driver listing, the console's driver filter). */
  driverId?: string;
  /** Only dispatches assigned to a driver of this fleet (the console). */
  fleetId?: string;
  /**
   * The dashboard's search: an exact vendor_oid, an r_id (any case), a customer phone, or a
   * prefix (2+ characters) of the customer's first, last or full name (customer-search-key.ts).
   */
  q?: string;
};

/**
 * A page of dispatches within the scope, newest first, as the JSON text of `{ data, next_cursor }`:
 * one account's, or every account's with the platform scope (the admin console, which also asks
 * for each row's account and driver with `withRelated`). Every filter combination is served by an index:
 * with an account, (account_id, <filter>, created_at DESC, id DESC) or the unique
 * (account_id, vendor_oid); without, (<filter>, created_at DESC, id DESC), (vendor_oid), the
 * unique r_id, or (created_at DESC, id DESC) alone. The fleet filter goes through
 * drivers(fleet_id) to the driver index.
 */
export async function listDispatchesJson(options: {
  scope: Scope;
  filters?: ListFilters;
  limit: number;
  cursor?: string;
  withRelated?: boolean;
}): Promise<string> {
  const { scope, filters = {}, limit } = options;
  const page = await readRecordPage({
    conditions: listConditions(scope, filters),
    limit,
    cursor: options.cursor ? decodeCursor(options.cursor) : undefined,
    withRelated: options.withRelated,
    prepared: isPlannedOnce(scope, filters),
  });
  return `{"data":${page.json},"next_cursor":${JSON.stringify(page.next ? encodeCursor(page.next) : null)}}`;
}

/**
 * Whether the list runs as a prepared statement, which PostgreSQL soon plans once without the
 * values (a generic plan). Safe only where no value can change the best plan: one account and at
 * most one equality filter (besides a creation range), served by (account_id, <filter>,
 * created_at DESC, id DESC) whatever the values. With two filters, the search, a fleet or every
 * account, the best index depends on the values (a rare status, a busy branch): planned per request.
 */
export function isPlannedOnce(scope: Scope, filters: ListFilters): boolean {
  if (scope.kind !== 'account' || filters.q !== undefined || filters.fleetId !== undefined) return false;
  return [filters.driverId, filters.status, filters.vendor_bid, filters.vendor_oid, filters.scheduled].filter((value) => value !== undefined).length <= 1;
}

/** The WHERE conditions of the list (exported for the index test, which EXPLAINs them). */
export function listConditions(scope: Scope, filters: ListFilters): Prisma.Sql[] {
  // The platform's is TRUE: PostgreSQL drops it from the plan.
  const conditions: Prisma.Sql[] = [scopeSql(scope, 'd.account_id')];
  if (filters.driverId !== undefined) conditions.push(Prisma.sql`d.assigned_driver_id = ${filters.driverId}`);
  if (filters.fleetId !== undefined) {
    conditions.push(Prisma.sql`d.assigned_driver_id IN (SELECT dr.id FROM drivers dr WHERE dr.fleet_id = ${filters.fleetId})`);
  }
  if (filters.status) conditions.push(Prisma.sql`d.state = ${filters.status}`);
  if (filters.vendor_bid !== undefined) conditions.push(Prisma.sql`d.vendor_bid = ${filters.vendor_bid}`);
  if (filters.vendor_oid !== undefined) conditions.push(Prisma.sql`d.vendor_oid = ${filters.vendor_oid}`);
  if (filters.scheduled !== undefined) conditions.push(Prisma.sql`d.scheduled = ${filters.scheduled}`);
  if (filters.created_from) conditions.push(Prisma.sql`d.created_at >= ${filters.created_from}::timestamptz`);
  if (filters.created_to) conditions.push(Prisma.sql`d.created_at < ${filters.created_to}::timestamptz`);
  if (filters.q !== undefined) {
    // Each alternative has its own index; PostgreSQL ORs the bitmaps. The name keys are COLLATE
    // "C" columns, so a b-tree turns `LIKE 'prefix%'` into a range.
    const alternatives = [Prisma.sql`d.vendor_oid = ${filters.q}`, Prisma.sql`d.r_id = ${filters.q.toUpperCase()}`];
    const tail = phoneTail(filters.q);
    if (tail) alternatives.push(Prisma.sql`d.phone_tail = ${tail}`);
    const namePrefix = customerNamePrefixPattern(filters.q);
    if (namePrefix) {
      alternatives.push(Prisma.sql`d.customer_name_key LIKE ${namePrefix}`, Prisma.sql`d.customer_last_name_key LIKE ${namePrefix}`);
    }
    conditions.push(Prisma.sql`(${Prisma.join(alternatives, ' OR ')})`);
  }
  return conditions;
}
