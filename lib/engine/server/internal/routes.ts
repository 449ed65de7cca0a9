import type { DispatchParams, OpenOrder, Place, TravelTime } from '@/lib/engine/server/internal/types';

/** When a courier arriving at a bundle's pickup at `arriveAt` picks up and drops each order off. */
export interface RouteTimes {
  pickupAt: number;
  dropoffAt: number[];
  /** When the courier leaves the last drop-off (free again). */
  endAt: number;
}

/** How the engine weighs a delivery; `orderCost` is what every decision minimises. */
export interface CostWeights {
  /** Extra weight per second of click-to-door beyond the target (late orders go first). */
  lateWeight: number;
}

export function latestReady(orders: readonly OpenOrder[]): number {
  let latest = -Infinity;
  for (const order of orders) latest = Math.max(latest, order.readyAt);
  return latest;
}

export function routeTimes(arriveAt: number, pickup: Place, sequence: readonly OpenOrder[], travel: TravelTime, params: DispatchParams): RouteTimes {
  const pickupAt = Math.max(arriveAt + params.pickupServiceS / 2, latestReady(sequence));
  const dropoffAt: number[] = [];
  let at = pickupAt + params.pickupServiceS / 2;
  let from = pickup;
  for (const order of sequence) {
    const dropoff = at + travel.seconds(from, order.dropoff) + params.dropoffServiceS / 2;
    dropoffAt.push(dropoff);
    at = dropoff + params.dropoffServiceS / 2;
    from = order.dropoff;
  }
  return { pickupAt, dropoffAt, endAt: at };
}

/** The cost of delivering one order at `dropoffAt`: its click-to-door, and more per second once it is late. */
export function orderCost(order: OpenOrder, dropoffAt: number, params: DispatchParams, weights: CostWeights): number {
  const clickToDoor = dropoffAt - order.placedAt;
  return clickToDoor + weights.lateWeight * Math.max(0, clickToDoor - params.targetS);
}

function sequenceCost(sequence: readonly OpenOrder[], times: RouteTimes, params: DispatchParams, weights: CostWeights): number {
  let cost = 0;
  for (let index = 0; index < sequence.length; index++) cost += orderCost(sequence[index]!, times.dropoffAt[index]!, params, weights);
  return cost;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  const result: T[][] = [];
  items.forEach((item, index) => {
    for (const rest of permutations([...items.slice(0, index), ...items.slice(index + 1)])) result.push([item, ...rest]);
  });
  return result;
}

export interface PlannedRoute {
  sequence: OpenOrder[];
  times: RouteTimes;
  cost: number;
}

/**
 * The best delivery sequence of a bundle for a courier arriving at `arriveAt`: every order of
 * up to five orders is tried (120 sequences at most); the pickup time is the same for all.
 */
export function bestRoute(
  arriveAt: number,
  pickup: Place,
  orders: readonly OpenOrder[],
  travel: TravelTime,
  params: DispatchParams,
  weights: CostWeights,
): PlannedRoute {
  let best: PlannedRoute | null = null;
  for (const sequence of permutations(orders)) {
    const times = routeTimes(arriveAt, pickup, sequence, travel, params);
    const cost = sequenceCost(sequence, times, params, weights);
    if (best === null || cost < best.cost) best = { sequence, times, cost };
  }
  return best!;
}
