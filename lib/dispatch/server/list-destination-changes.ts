import { db } from '@/lib/platform/server/db/client';
import { dispatchNotFound } from '@/lib/dispatch/server/apply-change';
import type { Address } from '@/lib/dispatch/shared/schemas';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { scopeSql } from '@/lib/platform/server/tenancy/scope-filters';
import type { Scope } from '@/lib/platform/server/tenancy/scope';

/** One move of a dispatch's destination, with where it was before. */
export interface DestinationChange {
  changed_at: string;
  by: { ref_type: string | null; ref_id: string | null };
  before: Address;
  after: Address;
}

/**
 * Every destination change of a dispatch within the scope, oldest first, each with the address
 * before and after. Read from the dispatch's events (each carries the record as it was): a
 * `dispatch.destination_updated` event's "before" is the destination of the event just before
 * it. One statement over the (dispatch_id, sequence) index; 404 outside the scope.
 */
export async function listDestinationChanges(options: { scope: Scope; id: string }): Promise<DestinationChange[]> {
  const rows = await db().$queryRaw<{ found: boolean; changedAt: Date | null; refType: string | null; refId: string | null; before: Address | null; after: Address | null }[]>`
    WITH target AS (SELECT d.id FROM dispatches d WHERE d.id = ${options.id} AND ${scopeSql(options.scope, 'd.account_id')}),
    moves AS (
      SELECT e.type, e.created_at, e.actor_type, e.actor_id, e.payload->'destination' AS after,
             lag(e.payload->'destination') OVER (ORDER BY e.sequence) AS before
      FROM dispatch_events e JOIN target t ON e.dispatch_id = t.id)
    SELECT true AS found, m.created_at AS "changedAt", m.actor_type AS "refType", m.actor_id AS "refId", m.before, m.after
    FROM target LEFT JOIN moves m ON m.type = 'dispatch.destination_updated'
    ORDER BY m.created_at`;
  if (rows.length === 0) throw dispatchNotFound(options.id);
  return rows
    .filter((row) => row.changedAt !== null && row.before !== null && row.after !== null)
    .map((row) => ({ changed_at: formatTimestamp(row.changedAt!), by: { ref_type: row.refType, ref_id: row.refId }, before: row.before!, after: row.after! }));
}
