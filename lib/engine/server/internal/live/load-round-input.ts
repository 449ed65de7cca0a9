import { z } from 'zod';
import type { Tx } from '@/lib/platform/server/db/client';
import { getEnv } from '@/lib/platform/server/env';
import type { Courier, DispatchParams, OpenOrder, RoundInput, TravelTime } from '@/lib/engine/server/internal/types';
import { MDRP_PARAMS } from '@/lib/engine/server/internal/types';
import { placeFactory, type LivePlace } from '@/lib/engine/server/internal/live/places';
import { branchKey, readPrepHistory, readyTime, type BranchKey } from '@/lib/engine/server/internal/live/ready-times';
import { ON_DUTY_STATES } from '@/lib/dispatch/shared/transitions/statuses';
import { sandboxFoodReadyAt } from '@/lib/fleet/server/sandbox/kitchen';
import { Prisma } from '@/prisma/generated/client';

// What a round plans, read in a fixed number of statements (three, whatever the city's size):
// the dispatches waiting for a driver, the on-duty drivers with what they carry, and the
// learned preparation times of the branches involved. Drivers with a trip on offer and
// dispatches on offer are in flight: the round leaves them alone.

/** A round plans orders whose food is ready within this (a scheduled order waits until then). */
export const PLAN_AHEAD_S = 2 * 3600;
/** A simulated driver is never stale; a real one is dropped after AUTO_ASSIGN_MAX_POSITION_AGE_MIN. */
const FAR_SHIFT_END_S = 24 * 3600;

/** Live service times: a minute at the pickup, two at the door (MDRP's 4 minutes each are a restaurant queue and a flat). */
export const LIVE_PARAMS: DispatchParams = { ...MDRP_PARAMS, pickupServiceS: 120, dropoffServiceS: 120 };

/** One engine input: the real drivers and the auto-assign accounts' orders, or one sandbox account and its simulated drivers. */
export interface RoundPartition {
  /** null: real drivers; else the sandbox account whose simulated drivers and orders these are. */
  sandboxAccountId: string | null;
  /** The sandbox's simulated speed (km/h); null for real drivers. */
  speedKmh: number | null;
  orders: OpenOrder[];
  couriers: Courier[];
  /** Per order id: what applying a decision needs. */
  orderInfo: Map<string, { accountId: string; readyAt: number; heldBy: string | null }>;
  /** The travel times this partition was planned with. */
  travel: TravelTime;
  /** Per courier id: the trip it heads to the pickup of (commit trips only) and what it carries. */
  courierInfo: Map<string, { headingTripId: string | null; carries: string[] }>;
}

export interface LoadedRound {
  now: number;
  partitions: RoundPartition[];
  /** Every place of the round (for a routing table). */
  places: { sources: LivePlace[]; destinations: LivePlace[] };
  /** Sandbox accounts with kitchens whose orders wait and no idle simulated driver: where one is missing. */
  sandboxShortfall: { accountId: string; pickups: { lat: number; lng: number }[] }[];
}

const LatLngSchema = z.object({ lat: z.number(), lng: z.number() });

interface OrderRow {
  id: string;
  accountId: string;
  vendorBid: string;
  pickup: unknown;
  destination: unknown;
  createdAt: Date;
  pickupReadyAt: Date | null;
  readyAt: Date | null;
  pickupWaitMin: number | null;
  sandbox: boolean;
  speedKmh: number;
}

interface WorkItem extends Omit<OrderRow, 'createdAt' | 'pickupReadyAt' | 'readyAt' | 'sandbox' | 'speedKmh'> {
  state: string;
  tripId: string | null;
  tripSeq: number | null;
  tripKind: string | null;
  createdAt: string;
  pickupReadyAt: string | null;
  readyAt: string | null;
}

interface CourierRow {
  id: string;
  lat: number;
  lng: number;
  sandboxAccountId: string | null;
  speedKmh: number | null;
  work: WorkItem[] | null;
}

/** A commit trip's dispatch the driver has not picked up yet: the driver is heading to its pickup. */
const HEADING_ONLY = Prisma.sql`
  AND EXISTS (SELECT 1 FROM dispatches w JOIN trips t ON t.id = w.trip_id
              WHERE w.assigned_driver_id = dr.id AND w.state = ANY(${ON_DUTY_STATES as string[]}) AND w.state <> 'picked_up' AND t.kind = 'commit')`;

/** The drivers a round may plan, with what they carry; `onlyHeading`: only those heading to a pickup on a commit trip. */
async function loadCouriers(tx: Tx, options: { nowIso: string; maxAgeMin: number; onlyHeading: boolean }): Promise<CourierRow[]> {
  return tx.$queryRaw<CourierRow[]>`
    SELECT dr.id, dr.last_lat AS lat, dr.last_lng AS lng, dr.sandbox_account_id AS "sandboxAccountId", sa.sandbox_speed_kmh AS "speedKmh",
           (SELECT json_agg(json_build_object(
                     'id', w.id, 'accountId', w.account_id, 'vendorBid', w.vendor_bid, 'pickup', w.pickup, 'destination', w.destination,
                     'state', w.state, 'tripId', w.trip_id, 'tripSeq', w.trip_seq, 'tripKind', t.kind,
                     'createdAt', w.created_at, 'pickupReadyAt', w.pickup_ready_at, 'readyAt', w.ready_at,
                     'pickupWaitMin', CASE WHEN json_typeof(w.vendor_payload->'pickup_wait_time') = 'number' THEN (w.vendor_payload->>'pickup_wait_time')::float8 END)
                   ORDER BY w.trip_seq NULLS LAST, w.created_at, w.id)
            FROM dispatches w LEFT JOIN trips t ON t.id = w.trip_id
            WHERE w.assigned_driver_id = dr.id AND w.state = ANY(${ON_DUTY_STATES as string[]})) AS work
    FROM drivers dr LEFT JOIN accounts sa ON sa.id = dr.sandbox_account_id
    WHERE dr.is_active AND dr.on_duty AND dr.last_lat IS NOT NULL AND dr.last_lng IS NOT NULL
      AND (dr.sandbox_account_id IS NOT NULL OR dr.last_position_at >= ${options.nowIso}::timestamptz - make_interval(mins => ${options.maxAgeMin}::int))
      AND (dr.sandbox_account_id IS NULL OR sa.sandbox)
      AND NOT EXISTS (SELECT 1 FROM trips t WHERE t.driver_id = dr.id AND t.state = 'offered' AND t.expires_at > ${options.nowIso}::timestamptz)
      ${options.onlyHeading ? HEADING_ONLY : Prisma.empty}`;
}

/** A pickup's place id: the branch at these coordinates (about 10 m), so only orders picked up together bundle. */
function pickupId(accountId: string, vendorBid: string, at: { lat: number; lng: number }): string {
  return `${accountId}|${vendorBid}|${at.lat.toFixed(4)},${at.lng.toFixed(4)}`;
}

/** Each partition's travel times (the sandbox's simulated speed differs from real drivers'). */
export type TravelFor = (partition: { sandboxAccountId: string | null; speedKmh: number | null }) => TravelTime;

/**
 * Reads one round. `prepareTravel` is called once the round's places are known (a routing table
 * is fetched for them then) and gives each partition its travel times.
 */
export async function loadRoundInput(
  tx: Tx,
  options: { now: Date; prepareTravel: (places: LoadedRound['places']) => Promise<TravelFor> },
): Promise<LoadedRound> {
  const now = options.now.getTime() / 1000;
  const maxAgeMin = getEnv().AUTO_ASSIGN_MAX_POSITION_AGE_MIN;
  const sandboxPrepS = getEnv().SANDBOX_PREP_S;
  const nowIso = options.now.toISOString();
  // The literal states match the partial index `dispatches_waiting_for_driver` (OFFERABLE_STATES:
  // lib/fleet/server/offers/close-offers.ts, held to this list by its test).
  const orders = await tx.$queryRaw<OrderRow[]>`
    SELECT d.id, d.account_id AS "accountId", d.vendor_bid AS "vendorBid", d.pickup, d.destination,
           d.created_at AS "createdAt", d.pickup_ready_at AS "pickupReadyAt", d.ready_at AS "readyAt",
           CASE WHEN json_typeof(d.vendor_payload->'pickup_wait_time') = 'number' THEN (d.vendor_payload->>'pickup_wait_time')::float8 END AS "pickupWaitMin",
           a.sandbox, a.sandbox_speed_kmh AS "speedKmh"
    FROM dispatches d JOIN accounts a ON a.id = d.account_id
    WHERE d.assigned_driver_id IS NULL AND d.state IN ('new', 'dispatch_accepted', 'assigned')
      AND (CASE WHEN a.sandbox THEN d.sim_next_at IS NOT NULL ELSE a.auto_assign END)
      AND (d.pickup_ready_at IS NULL OR d.pickup_ready_at < ${nowIso}::timestamptz + ${PLAN_AHEAD_S} * interval '1 second')
      AND NOT EXISTS (SELECT 1 FROM dispatch_offers o WHERE o.dispatch_id = d.id AND o.state = 'pending' AND o.expires_at > ${nowIso}::timestamptz)`;
  // With no order waiting, a round can only re-time or extend a driver heading to a pickup on a
  // commit trip (its orders come with the driver's work). Most rounds of a busy server are woken by
  // another account's new dispatch and find nothing: they ask for those drivers alone (an index
  // probe per driver on duty) instead of reading every driver's work, which cost a server process
  // 80–90 ms a round with 1,000 drivers on duty, up to once a second (bench:drivers).
  const heading = orders.length > 0 ? null : await loadCouriers(tx, { nowIso, maxAgeMin, onlyHeading: true });
  const couriers = heading === null || heading.length > 0 ? await loadCouriers(tx, { nowIso, maxAgeMin, onlyHeading: false }) : [];

  // Preparation times: only the branches of orders with no known ready time.
  const heldWork = couriers.flatMap((courier) => courier.work ?? []).filter((item) => item.state !== 'picked_up');
  const needEstimate = new Map<string, BranchKey>();
  for (const row of [...orders, ...heldWork]) {
    if (!row.readyAt && !row.pickupReadyAt) needEstimate.set(branchKey(row), { accountId: row.accountId, vendorBid: row.vendorBid });
  }
  const history = await readPrepHistory(tx, [...needEstimate.values()]);

  const sandboxAccounts = new Set([...orders.filter((row) => row.sandbox).map((row) => row.accountId), ...couriers.flatMap((row) => (row.sandboxAccountId ? [row.sandboxAccountId] : []))]);
  const anyPoint = orders.map((row) => LatLngSchema.safeParse(row.pickup)).find((parsed) => parsed.success)?.data ??
    (couriers[0] ? { lat: couriers[0].lat, lng: couriers[0].lng } : { lat: 0, lng: 0 });
  const place = placeFactory(anyPoint);
  const sources = new Map<string, LivePlace>();
  const destinations = new Map<string, LivePlace>();

  const partitions = new Map<string, RoundPartition>();
  const partitionOf = (sandboxAccountId: string | null, speedKmh: number | null): RoundPartition => {
    const key = sandboxAccountId ?? '';
    let partition = partitions.get(key);
    if (!partition) {
      partition = { sandboxAccountId, speedKmh, orders: [], couriers: [], orderInfo: new Map(), courierInfo: new Map(), travel: NO_TRAVEL };
      partitions.set(key, partition);
    }
    return partition;
  };

  const toOrder = (row: Omit<OrderRow, 'sandbox' | 'speedKmh'>): OpenOrder | null => {
    const pickupAt = LatLngSchema.safeParse(row.pickup);
    const dropoffAt = LatLngSchema.safeParse(row.destination);
    if (!pickupAt.success || !dropoffAt.success) return null;
    const pickup = place(pickupId(row.accountId, row.vendorBid, pickupAt.data), pickupAt.data);
    const dropoff = place(row.id, dropoffAt.data);
    sources.set(pickup.id, pickup).set(dropoff.id, dropoff);
    destinations.set(pickup.id, pickup).set(dropoff.id, dropoff);
    // A sandbox's kitchen is simulated (lib/fleet/server/sandbox/kitchen.ts): its ready time is known.
    const ready = sandboxAccounts.has(row.accountId)
      ? { readyAt: sandboxFoodReadyAt(row, sandboxPrepS).getTime() / 1000, readyKnown: true }
      : readyTime(row, history, now);
    return { id: row.id, pickup, dropoff, placedAt: row.createdAt.getTime() / 1000, ...ready };
  };

  for (const row of orders) {
    const order = toOrder(row);
    if (!order) continue;
    const partition = row.sandbox ? partitionOf(row.accountId, row.speedKmh) : partitionOf(null, null);
    partition.orders.push(order);
    partition.orderInfo.set(order.id, { accountId: row.accountId, readyAt: order.readyAt, heldBy: null });
  }

  const params = LIVE_PARAMS;
  const idleSimulated = new Map<string, number>();
  const pending: { partition: RoundPartition; build: (travel: TravelTime) => Courier }[] = [];
  for (const row of couriers) {
    const partition = partitionOf(row.sandboxAccountId, row.speedKmh);
    const position = place(`driver:${row.id}`, { lat: row.lat, lng: row.lng });
    sources.set(position.id, position);
    const work = (row.work ?? []).map((item) => ({
      ...item,
      createdAt: new Date(item.createdAt),
      pickupReadyAt: item.pickupReadyAt ? new Date(item.pickupReadyAt) : null,
      readyAt: item.readyAt ? new Date(item.readyAt) : null,
    }));
    if (row.sandboxAccountId && work.length === 0) idleSimulated.set(row.sandboxAccountId, (idleSimulated.get(row.sandboxAccountId) ?? 0) + 1);
    const toCollect = work.filter((item) => item.state !== 'picked_up');
    const collectOrders = toCollect.map((item) => toOrder(item)).filter((order): order is OpenOrder => order !== null);
    const dropOffs = work.map((item) => ({ item, order: toOrder(item) })).filter((entry) => entry.order !== null);
    // A commit trip not picked up yet is still open to the engine: it may keep it or extend it.
    const headingTripId = collectOrders.length > 0 && toCollect.every((item) => item.tripKind === 'commit' && item.tripId === toCollect[0]!.tripId)
      && toCollect.length === work.length ? toCollect[0]!.tripId : null;
    if (headingTripId) {
      for (const order of collectOrders) {
        partition.orders.push(order);
        partition.orderInfo.set(order.id, { accountId: toCollect.find((item) => item.id === order.id)!.accountId, readyAt: order.readyAt, heldBy: row.id });
      }
    }
    partition.courierInfo.set(row.id, { headingTripId, carries: work.map((item) => item.id) });
    pending.push({
      partition,
      build: (travel) => {
        let t = now;
        let at: LivePlace = position;
        let heading: Courier['heading'];
        if (collectOrders.length > 0) {
          const pickup = collectOrders[0]!.pickup;
          const arriveAt = now + travel.seconds(position, pickup);
          const ready = Math.max(...collectOrders.map((order) => order.readyAt));
          t = Math.max(arriveAt + params.pickupServiceS / 2, ready) + params.pickupServiceS / 2;
          at = pickup as LivePlace;
          if (headingTripId) heading = { pickup, orderIds: collectOrders.map((order) => order.id), arriveAt };
        }
        for (const { order } of dropOffs) {
          t += travel.seconds(at, order!.dropoff) + params.dropoffServiceS;
          at = order!.dropoff as LivePlace;
        }
        return { id: row.id, freeAt: t, freePlace: at, shiftEnd: now + FAR_SHIFT_END_S, ...(heading ? { heading } : {}) };
      },
    });
  }

  for (const [key, partition] of partitions) if (partition.orders.length === 0) partitions.delete(key);
  const places = { sources: [...sources.values()], destinations: [...destinations.values()] };
  const travelFor = await options.prepareTravel(places);
  for (const partition of partitions.values()) {
    const travel = (partition.travel = travelFor({ sandboxAccountId: partition.sandboxAccountId, speedKmh: partition.speedKmh }));
    for (const entry of pending) if (entry.partition === partition) partition.couriers.push(entry.build(travel));
  }

  // Real drivers are planned with the orders within their reach only, town by town.
  const planned = [...partitions.values()].flatMap((partition) => (partition.sandboxAccountId === null ? splitByReach(partition, MAX_APPROACH_S) : [partition]));

  const sandboxShortfall: LoadedRound['sandboxShortfall'] = [];
  for (const partition of partitions.values()) {
    if (!partition.sandboxAccountId) continue;
    // One simulated driver per kitchen with orders waiting: the engine decides whether its orders
    // travel together (as it would with a real fleet that has one driver there) or one waits a round.
    const waitingPickups = new Map<string, LivePlace>();
    for (const order of partition.orders) if (partition.orderInfo.get(order.id)?.heldBy === null) waitingPickups.set(order.pickup.id, order.pickup as LivePlace);
    const missing = waitingPickups.size - (idleSimulated.get(partition.sandboxAccountId) ?? 0);
    if (missing > 0) {
      sandboxShortfall.push({
        accountId: partition.sandboxAccountId,
        pickups: [...waitingPickups.values()].slice(-missing).map((pickup) => ({ lat: pickup.lat, lng: pickup.lng })),
      });
    }
  }
  return { now, partitions: planned, places, sandboxShortfall };
}

/**
 * A driver is planned only for pickups they could reach within this (by the round's travel
 * times): one farther from every pickup of the round waits for orders nearer them. An hour is
 * about 18 km in a straight line at the estimator's speed.
 */
export const MAX_APPROACH_S = 3600;

/**
 * The real drivers' partition split into the groups of pickups and drivers that reach each other
 * (a driver within MAX_APPROACH_S of a pickup joins its group; a driver heading to a pickup stays
 * with it), so a round plans each town on its own: a driver in another city is neither offered an
 * order here nor counted among the free drivers that decide how much bundling is worth. Drivers
 * that reach no pickup of the round are left out. One travel lookup per driver and distinct pickup.
 */
export function splitByReach(partition: RoundPartition, reachS: number): RoundPartition[] {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root)!;
    for (let at = key; at !== root; ) {
      const next = parent.get(at)!;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const union = (a: string, b: string) => parent.set(find(a), find(b));
  const pickups = new Map<string, OpenOrder['pickup']>();
  for (const order of partition.orders) {
    pickups.set(order.pickup.id, order.pickup);
    parent.set(`p:${order.pickup.id}`, `p:${order.pickup.id}`);
  }
  const reaches = new Set<string>();
  for (const courier of partition.couriers) {
    const key = `c:${courier.id}`;
    parent.set(key, key);
    if (courier.heading && pickups.has(courier.heading.pickup.id)) {
      union(key, `p:${courier.heading.pickup.id}`);
      reaches.add(courier.id);
    }
    for (const [id, pickup] of pickups) {
      if (partition.travel.seconds(courier.freePlace, pickup) <= reachS) {
        union(key, `p:${id}`);
        reaches.add(courier.id);
      }
    }
  }
  const groups = new Map<string, { orders: OpenOrder[]; couriers: Courier[] }>();
  const groupOf = (key: string) => {
    const root = find(key);
    let group = groups.get(root);
    if (!group) groups.set(root, (group = { orders: [], couriers: [] }));
    return group;
  };
  for (const order of partition.orders) groupOf(`p:${order.pickup.id}`).orders.push(order);
  for (const courier of partition.couriers) if (reaches.has(courier.id)) groupOf(`c:${courier.id}`).couriers.push(courier);
  // Same maps: applying a decision looks its orders and driver up there.
  return [...groups.values()].filter((group) => group.orders.length > 0).map((group) => ({ ...partition, ...group }));
}

const NO_TRAVEL: TravelTime = {
  seconds() {
    throw new Error('travel asked before the round prepared it');
  },
};

/** The engine input of one partition (the sandbox's simulated drivers carry trips like real ones). */
export function roundInputOf(round: LoadedRound, partition: RoundPartition, roundS: number): RoundInput {
  return { now: round.now, orders: partition.orders, couriers: partition.couriers, travel: partition.travel, params: LIVE_PARAMS, options: { roundS } };
}
