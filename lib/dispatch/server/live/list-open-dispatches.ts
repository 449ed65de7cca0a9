import { db } from '@/lib/platform/server/db/client';
import { Prisma } from '@/prisma/generated/client';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { DESTINATION_LOCKED_IN, LIFECYCLE_STATUSES, type LifecycleStatus } from '@/lib/dispatch/shared/transitions/statuses';
import { LIVE_MAP_LIMIT, type MapDispatch } from '@/lib/dispatch/shared/live/live-map-schemas';

/** States in which a dispatch is still under way (the final ones are those that lock the destination). */
export const OPEN_STATES = LIFECYCLE_STATUSES.filter((state) => !DESTINATION_LOCKED_IN.includes(state));

/**
 * The most recent dispatches still under way, across accounts (at most LIVE_MAP_LIMIT), with
 * their pickup and destination. One query: per open state, the newest rows from
 * dispatches_state_created_at_id_idx, merged; so it stays bounded however many finished
 * dispatches the table holds.
 */
export async function listOpenDispatches(): Promise<MapDispatch[]> {
  const rows = await db().$queryRaw<
    {
      id: string;
      r_id: string;
      vendor_oid: string;
      state: LifecycleStatus;
      account_id: string;
      account_name: string;
      assigned_driver_id: string | null;
      pickup_lat: number;
      pickup_lng: number;
      destination_lat: number;
      destination_lng: number;
      created_at: Date;
      trip_id: string | null;
      trip_seq: number | null;
      trip_size: number | null;
    }[]
  >(openDispatchesQuery());
  return rows.map((row) => ({
    id: row.id,
    r_id: row.r_id,
    vendor_oid: row.vendor_oid,
    state: row.state,
    account_id: row.account_id,
    account_name: row.account_name,
    assigned_driver_id: row.assigned_driver_id,
    pickup: { lat: row.pickup_lat, lng: row.pickup_lng },
    destination: { lat: row.destination_lat, lng: row.destination_lng },
    created_at: formatTimestamp(new Date(row.created_at)),
    trip: row.trip_id ? { id: row.trip_id, position: row.trip_seq ?? 0, size: row.trip_size ?? 1 } : null,
  }));
}

/** The statement behind listOpenDispatches (its plan is checked in live-map-plans.integration.test.ts). */
export function openDispatchesQuery(): Prisma.Sql {
  const perState = OPEN_STATES.map(
    (state) => Prisma.sql`(SELECT id FROM dispatches WHERE state = ${state} ORDER BY created_at DESC, id DESC LIMIT ${LIVE_MAP_LIMIT})`,
  );
  return Prisma.sql`
    SELECT d.id, d.r_id, d.vendor_oid, d.state, d.account_id, a.name AS account_name, d.assigned_driver_id,
           (d.pickup->>'lat')::float8 AS pickup_lat, (d.pickup->>'lng')::float8 AS pickup_lng,
           (d.destination->>'lat')::float8 AS destination_lat, (d.destination->>'lng')::float8 AS destination_lng,
           d.created_at, d.trip_id, d.trip_seq, cardinality(t.order_ids) AS trip_size
    FROM (${Prisma.join(perState, ' UNION ALL ')}) open_ids
    JOIN dispatches d ON d.id = open_ids.id
    JOIN accounts a ON a.id = d.account_id
    LEFT JOIN trips t ON t.id = d.trip_id
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT ${LIVE_MAP_LIMIT}`;
}
