import { planNearest } from '@/lib/engine/server/internal/nearest-policy';
import { DEFAULT_TUNING, planRound, type EngineTuning } from '@/lib/engine/server/internal/plan-round';
import { emptyPrepHistory, estimateReady, recordPrep } from '@/lib/engine/server/internal/ready-estimate';
import { routeTimes } from '@/lib/engine/server/internal/routes';
import { mdrpTravel } from '@/lib/engine/server/internal/travel-time';
import type { Courier, DispatchParams, EngineOptions, OpenOrder, Place, RoundInput, RoundResult } from '@/lib/engine/server/internal/types';
import type { MdrpInstance } from '@/lib/engine/server/internal/mdrp/instance';
import type { MdrpSolution } from '@/lib/engine/server/mdrp/solution';

/**
 * Replays one MDRP instance through a dispatch policy on a simulated clock. Each order is
 * revealed only at its placement time; with `ready: 'estimate'` its ready time stays hidden
 * until the food is ready (the policy plans with an estimate learned from the orders seen so
 * far, per restaurant). The physical world (when a courier really picks up and drops off) is
 * computed here from the true ready times, never by the policy.
 */

export interface ReplayOptions {
  policy: 'engine' | 'nearest';
  ready: 'known' | 'estimate';
  /** Seconds between rounds (a multiple of 60: the instances count whole minutes). */
  roundS: number;
  engine?: Partial<EngineOptions>;
  tuning?: EngineTuning;
}

export interface ReplayResult {
  solution: MdrpSolution;
  /** Wall-clock milliseconds per round's decision. */
  roundMs: number[];
}

/** Before anything is observed, a new order's food is expected this long after it is placed. */
const DEFAULT_PREP_S = 15 * 60;
/** Where orders appeared in this last window is where idle couriers wait. */
const DEMAND_WINDOW_S = 60 * 60;

interface Pending {
  pickup: Place;
  orderIds: string[];
  arriveAt: number;
  changedAt: number;
  final: boolean;
}

interface CourierState {
  id: string;
  onTime: number;
  offTime: number;
  /** Where the courier is (or will be when free); id '0' is its on-location. */
  place: Place;
  freeAt: number;
  pending: Pending | null;
}

interface OrderState {
  id: string;
  pickup: Place;
  dropoff: Place;
  placedAt: number;
  readyAt: number;
  prepObserved: boolean;
  done: boolean;
}

export function replay(instance: MdrpInstance, options: ReplayOptions): ReplayResult {
  const params: DispatchParams = {
    pickupServiceS: instance.params.pickupServiceMinutes * 60,
    dropoffServiceS: instance.params.dropoffServiceMinutes * 60,
    targetS: instance.params.targetClickToDoor * 60,
    maxS: instance.params.maxClickToDoor * 60,
  };
  const travel = mdrpTravel(instance.params.metersPerMinute);
  const restaurants = new Map(instance.restaurants.map((restaurant) => [restaurant.id, { id: restaurant.id, x: restaurant.x, y: restaurant.y }]));
  const orders: OrderState[] = instance.orders
    .map((order) => {
      const pickup = restaurants.get(order.restaurant);
      if (!pickup) throw new Error(`order ${order.id} names an unknown restaurant ${order.restaurant}`);
      return {
        id: order.id,
        pickup,
        dropoff: { id: order.id, x: order.x, y: order.y },
        placedAt: order.placementTime * 60,
        readyAt: order.readyTime * 60,
        prepObserved: false,
        done: false,
      };
    })
    .sort((a, b) => a.placedAt - b.placedAt || (a.id < b.id ? -1 : 1));
  const orderById = new Map(orders.map((order) => [order.id, order]));
  const couriers: CourierState[] = instance.couriers.map((courier) => ({
    id: courier.id,
    onTime: courier.onTime * 60,
    offTime: courier.offTime * 60,
    place: { id: '0', x: courier.x, y: courier.y },
    freeAt: courier.onTime * 60,
    pending: null,
  }));
  const courierById = new Map(couriers.map((courier) => [courier.id, courier]));
  const solution: MdrpSolution = { assignments: [], orders: [], moves: [] };
  const movesByCourier = new Map<string, MdrpSolution['moves']>();
  const history = emptyPrepHistory();
  const roundMs: number[] = [];

  function move(courier: CourierState, departAt: number, to: Place): void {
    const moves = movesByCourier.get(courier.id) ?? [];
    moves.push({ courier: courier.id, departureTime: departAt / 60, origin: courier.place.id, destination: to.id });
    movesByCourier.set(courier.id, moves);
    courier.place = to;
  }

  /** The courier picks up (true ready times) and drops off; the bundle is closed. */
  function complete(courier: CourierState, pending: Pending): void {
    const sequence = pending.orderIds.map((id) => orderById.get(id)!);
    const times = routeTimes(pending.arriveAt, pending.pickup, sequence.map(asOpen(true, 0)), travel, params);
    solution.assignments.push({ assignmentTime: pending.changedAt / 60, pickupTime: times.pickupAt / 60, courier: courier.id, orders: [...pending.orderIds] });
    let leaveAt = times.pickupAt + params.pickupServiceS / 2;
    sequence.forEach((order, index) => {
      const dropoffAt = times.dropoffAt[index]!;
      move(courier, leaveAt, order.dropoff);
      leaveAt = dropoffAt + params.dropoffServiceS / 2;
      order.done = true;
      solution.orders.push({
        order: order.id,
        placementTime: order.placedAt / 60,
        readyTime: order.readyAt / 60,
        pickupTime: times.pickupAt / 60,
        dropoffTime: dropoffAt / 60,
        courier: courier.id,
      });
    });
    courier.freeAt = times.endAt;
    courier.pending = null;
  }

  /** The order as the policy sees it at `now`. */
  function asOpen(knowReady: boolean, now: number) {
    return (order: OrderState): OpenOrder => {
      const known = knowReady || options.ready === 'known' || now >= order.readyAt;
      const base = { id: order.id, pickup: order.pickup, dropoff: order.dropoff, placedAt: order.placedAt };
      if (known) return { ...base, readyAt: order.readyAt, readyKnown: true };
      return { ...base, ...estimateReady({ history, pickupId: order.pickup.id, placedAt: order.placedAt, now, fallbackS: DEFAULT_PREP_S }), readyKnown: false };
    };
  }

  /**
   * Bundles whose pickup happened by `now` close. A courier whose shift ends before the food is
   * ready (the estimate was wrong) leaves without it: the orders go back to the policy.
   */
  function closePickups(now: number): void {
    for (const courier of couriers) {
      const pending = courier.pending;
      if (!pending) continue;
      const latestReady = Math.max(...pending.orderIds.map((id) => orderById.get(id)!.readyAt));
      const pickupAt = Math.max(pending.arriveAt + params.pickupServiceS / 2, latestReady);
      if (pickupAt > courier.offTime && now >= courier.offTime) {
        courier.pending = null;
        courier.freeAt = Math.max(courier.freeAt, pending.arriveAt);
      } else if (pickupAt <= now) {
        complete(courier, pending);
      }
    }
  }

  /** Orders placed per restaurant in the last hour (what a live service knows too). */
  function recentDemand(now: number): Map<string, number> {
    const counts = new Map<string, number>();
    for (let index = revealed - 1; index >= 0; index--) {
      const order = orders[index]!;
      if (order.placedAt < now - DEMAND_WINDOW_S) break;
      counts.set(order.pickup.id, (counts.get(order.pickup.id) ?? 0) + 1);
    }
    return counts;
  }

  const lastOff = Math.max(...couriers.map((courier) => courier.offTime));
  const firstEvent = Math.min(...couriers.map((courier) => courier.onTime), ...orders.map((order) => order.placedAt));
  let revealed = 0;
  for (let now = Math.floor(firstEvent / options.roundS) * options.roundS; now <= lastOff; now += options.roundS) {
    // Pickups that happened since the last round close their bundles.
    closePickups(now);
    while (revealed < orders.length && orders[revealed]!.placedAt <= now) revealed++;
    for (let index = 0; index < revealed; index++) {
      const order = orders[index]!;
      if (!order.prepObserved && order.readyAt <= now) {
        order.prepObserved = true;
        recordPrep(history, order.pickup.id, order.readyAt - order.placedAt);
      }
    }
    const open = orders.slice(0, revealed).filter((order) => !order.done);
    if (open.length === 0) {
      if (revealed === orders.length) break;
      continue;
    }
    const view = asOpen(false, now);
    const openById = new Map(open.map((order) => [order.id, view(order)]));
    const closed = new Set(couriers.flatMap((courier) => (courier.pending?.final ? courier.pending.orderIds : [])));
    const openOrders = [...openById.values()].filter((order) => !closed.has(order.id));
    const roundCouriers: Courier[] = [];
    for (const courier of couriers) {
      if (courier.onTime > now) continue;
      const pending = courier.pending;
      if (pending && !pending.final) {
        roundCouriers.push({ id: courier.id, freeAt: Math.max(now, courier.freeAt), freePlace: courier.place, shiftEnd: courier.offTime, heading: { pickup: pending.pickup, orderIds: pending.orderIds, arriveAt: pending.arriveAt } });
      } else if (pending) {
        const sequence = pending.orderIds.map((id) => openById.get(id)!);
        const times = routeTimes(pending.arriveAt, pending.pickup, sequence, travel, params);
        if (times.pickupAt < courier.offTime) {
          roundCouriers.push({ id: courier.id, freeAt: times.endAt, freePlace: sequence[sequence.length - 1]!.dropoff, shiftEnd: courier.offTime });
        }
      } else if (courier.offTime > now) {
        roundCouriers.push({ id: courier.id, freeAt: Math.max(now, courier.freeAt), freePlace: courier.place, shiftEnd: courier.offTime });
      }
    }
    const hotspots = [...recentDemand(now).entries()].map(([id, weight]) => ({ place: restaurants.get(id)!, weight }));
    const input: RoundInput = { now, orders: openOrders, couriers: roundCouriers, travel, params, hotspots, options: { roundS: options.roundS, ...options.engine } };
    const started = performance.now();
    const result: RoundResult = options.policy === 'nearest' ? planNearest(input) : planRound(input, options.tuning ?? DEFAULT_TUNING);
    roundMs.push(performance.now() - started);

    for (const { courierId, to } of result.repositions) {
      const courier = courierById.get(courierId)!;
      if (courier.pending || courier.freeAt > now) throw new Error(`the policy moved busy courier ${courierId}`);
      const arriveAt = now + travel.seconds(courier.place, to);
      move(courier, now, to);
      courier.freeAt = arriveAt;
    }
    for (const decision of result.decisions) {
      const courier = courierById.get(decision.courierId);
      if (!courier) throw new Error(`the policy chose an unknown courier ${decision.courierId}`);
      if (courier.pending) {
        if (courier.pending.final) throw new Error(`the policy changed ${courier.id}'s final bundle`);
        if (courier.pending.pickup.id !== decision.pickup.id) throw new Error(`the policy moved ${courier.id}'s commitment to another pickup`);
        courier.pending = { ...courier.pending, orderIds: decision.orderIds, changedAt: now, final: decision.kind === 'final' };
        continue;
      }
      const departAt = Math.max(now, courier.freeAt, decision.departAt);
      const arriveAt = departAt + travel.seconds(courier.place, decision.pickup);
      move(courier, departAt, decision.pickup);
      courier.pending = { pickup: decision.pickup, orderIds: decision.orderIds, arriveAt, changedAt: now, final: decision.kind === 'final' };
    }
  }

  closePickups(lastOff);
  for (const courier of couriers) {
    solution.moves.push(...(movesByCourier.get(courier.id) ?? []));
  }
  return { solution, roundMs };
}
