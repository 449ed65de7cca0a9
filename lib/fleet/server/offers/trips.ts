import type { Prisma } from '@/prisma/generated/client';
import type { Actor } from '@/lib/dispatch/server/apply-change';
import { newId } from '@/lib/platform/server/ids/new-id';

// Trips: what the dispatch engine (lib/engine/server) gives a driver in one go — one pickup
// and its dispatches' drop-offs in order. A trip is offered as one offer (a `dispatch_offers` row
// per dispatch, all naming the trip) and answered as a whole: accepted (every dispatch assigned
// and accepted at once), declined, or expired. A `commit` trip sends the driver ahead to wait for
// the food; a later round may extend it with more orders of the same pickup: the extension is a
// new trip naming the one it extends, which it absorbs when accepted (`merged`).

/** Who assigns what the engine planned, an accepted trip included (the audit trail shows it). */
export const AUTO_ASSIGN_ACTOR: Actor = { refType: 'system', refId: 'auto-assign' };

export const TRIP_STATES = ['offered', 'accepted', 'declined', 'expired', 'withdrawn', 'merged'] as const;
export type TripState = (typeof TRIP_STATES)[number];
export type TripKind = 'final' | 'commit';

/** A driver who let a dispatch go (declined or did not answer) is not offered it again for this long. */
export const REOFFER_AFTER_MIN = 10;

export interface TripPlan {
  driverId: string;
  accountId: string;
  kind: TripKind;
  /** Every dispatch of the trip in drop-off order, those the driver already carries (an extension) included. */
  orderIds: string[];
  /** The dispatches offered now (not yet the driver's). */
  offeredIds: string[];
  extendsTripId: string | null;
  departAt: Date;
  arriveAt: Date;
  readyAt: Date;
}

/**
 * Writes a trip: offered to the driver until `timeoutS` from now (one offer row per offered
 * dispatch), or — `state: 'accepted'` — taken at once (the sandbox's simulated drivers). The
 * caller holds the dispatches' and the driver's row locks; the partial unique index (one offered
 * trip per driver) and the one open offer per dispatch are the backstop.
 */
export async function insertTrip(
  tx: Prisma.TransactionClient,
  plan: TripPlan,
  options: { state: 'offered' | 'accepted'; timeoutS: number },
): Promise<{ id: string; expiresAt: Date }> {
  const id = newId('trp');
  const [trip] = await tx.$queryRaw<{ expiresAt: Date }[]>`
    INSERT INTO trips (id, driver_id, account_id, state, kind, order_ids, extends_trip_id, created_at, expires_at, responded_at, depart_at, arrive_at, ready_at)
    VALUES (${id}, ${plan.driverId}, ${plan.accountId}, ${options.state}, ${plan.kind}, ${plan.orderIds}::text[], ${plan.extendsTripId},
            now(), now() + ${options.timeoutS} * interval '1 second', CASE WHEN ${options.state} = 'accepted' THEN now() END,
            ${plan.departAt}, ${plan.arriveAt}, ${plan.readyAt})
    RETURNING expires_at AS "expiresAt"`;
  if (!trip) throw new Error(`trip ${id} was not written`);
  if (options.state === 'offered') {
    for (const dispatchId of plan.offeredIds) {
      await tx.$executeRaw`
        INSERT INTO dispatch_offers (id, dispatch_id, driver_id, account_id, state, created_at, expires_at, trip_id)
        VALUES (${newId('ofr')}, ${dispatchId}, ${plan.driverId}, ${plan.accountId}, 'pending', now(), ${trip.expiresAt}, ${id})`;
    }
  }
  return { id, expiresAt: trip.expiresAt };
}

/**
 * Puts the trip's dispatches in it, in order, with when the driver is expected at the pickup
 * (the plan's arrival, later by however long the driver took to answer after the planned
 * departure), and absorbs the trip it extends. Before the assignment is written, so the
 * `assigned` events' records carry the trip. The caller holds the dispatches' row locks.
 */
export async function fillTrip(tx: Prisma.TransactionClient, tripId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE dispatches d SET trip_id = t.id, trip_seq = o.position - 1,
           expected_pickup_at = t.arrive_at + greatest(interval '0', now() - t.depart_at)
    FROM trips t, unnest(t.order_ids) WITH ORDINALITY AS o(dispatch_id, position)
    WHERE t.id = ${tripId} AND d.id = o.dispatch_id`;
  await tx.$executeRaw`
    UPDATE trips SET state = 'merged', responded_at = now()
    WHERE id = (SELECT extends_trip_id FROM trips WHERE id = ${tripId}) AND state = 'accepted'`;
}

/** Closes a trip on offer and its offer rows (`declined`, `expired` or `withdrawn`); false when it was not on offer. */
export async function closeTrip(tx: Prisma.TransactionClient, tripId: string, state: 'declined' | 'expired' | 'withdrawn'): Promise<boolean> {
  const closed = await tx.$executeRaw`UPDATE trips SET state = ${state}, responded_at = now() WHERE id = ${tripId} AND state = 'offered'`;
  await tx.$executeRaw`UPDATE dispatch_offers SET state = ${state}, responded_at = now() WHERE trip_id = ${tripId} AND state = 'pending'`;
  return closed > 0;
}

/**
 * At the start of each round: trips nobody answered in time are `expired`, and trips none of
 * whose dispatches still waits for a driver (cancelled, or assigned by hand meanwhile) are
 * `withdrawn`, with their offer rows, so their drivers and dispatches are planned again. One
 * statement each; they lock trip rows, then offer rows (the order accept and decline take them
 * in, after the dispatches and the driver).
 */
export async function closeStaleTrips(tx: Prisma.TransactionClient, offerableStates: readonly string[]): Promise<number> {
  const expired = await tx.$executeRaw`
    WITH closed AS (
      UPDATE trips SET state = 'expired', responded_at = now() WHERE state = 'offered' AND expires_at <= now() RETURNING id
    )
    UPDATE dispatch_offers o SET state = 'expired', responded_at = now() FROM closed WHERE o.trip_id = closed.id AND o.state = 'pending'`;
  const withdrawn = await tx.$executeRaw`
    WITH closed AS (
      UPDATE trips t SET state = 'withdrawn', responded_at = now()
      WHERE t.state = 'offered'
        AND NOT EXISTS (SELECT 1 FROM dispatch_offers o JOIN dispatches d ON d.id = o.dispatch_id
                        WHERE o.trip_id = t.id AND o.state = 'pending'
                          AND d.assigned_driver_id IS NULL AND d.state = ANY(${offerableStates as string[]}))
      RETURNING t.id
    )
    UPDATE dispatch_offers o SET state = 'withdrawn', responded_at = now() FROM closed WHERE o.trip_id = closed.id AND o.state = 'pending'`;
  return expired + withdrawn;
}

