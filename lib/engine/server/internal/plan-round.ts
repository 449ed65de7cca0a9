import { munkres } from 'munkres';
import { bestRoute, latestReady, type CostWeights, type PlannedRoute } from '@/lib/engine/server/internal/routes';
import type { Courier, Decision, EngineOptions, OpenOrder, Place, Reposition, RoundInput, RoundResult } from '@/lib/engine/server/internal/types';

/**
 * One dispatch round: a rolling horizon of open orders, bundled per pickup, matched to couriers
 * by an optimal assignment, and only the matches that cannot wait for the next round executed.
 *
 * 1. **Extend** each courier already heading to a pickup with new orders of that pickup when the
 *    extra click-to-door is small (the bundle is open until pickup).
 * 2. **Bundle** the other orders ready within `horizonS`, per pickup, by cheapest insertion: an
 *    order joins a bundle when delivering them together costs at most `bundleAllowanceS` more
 *    (summed click-to-door) than apart. The allowance grows with the load (orders per
 *    available courier): with couriers to spare, only orders on the same way are bundled.
 * 3. **Assign** bundles to couriers (available now or within the horizon) minimising the summed
 *    cost — click-to-door, doubled past the target so late orders go first, plus a little for a
 *    courier's empty driving and waiting — by the Hungarian method (`munkres`) on the
 *    `candidatesPerBundle` earliest-arriving couriers of each bundle. Leaving a bundle out costs
 *    what a later round would cost it, so the latest orders are the last left out.
 * 4. **Execute** only the matches whose courier must leave before the next round to be at the
 *    pickup when the food is ready; the rest wait for a round with more orders and couriers in
 *    view. A courier who arrives before the food is `commit`ted (heads there and waits, the bundle
 *    still open); one who picks up on arrival is `final`.
 */

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  horizonS: 20 * 60,
  roundS: 60,
  maxBundle: 4,
  candidatesPerBundle: 10,
};

/** Tuning the instances were measured with (seeds 0–4 only). */
export interface EngineTuning {
  weights: CostWeights;
  /** Summed extra click-to-door a bundle may cost with couriers to spare. */
  bundleAllowanceS: number;
  /** Extra allowance per unit of load above `loadThreshold`. */
  bundleAllowancePerLoadS: number;
  loadThreshold: number;
  /** Extra click-to-door accepted to add an order to a courier already heading to its pickup. */
  extendAllowanceS: number;
  /** Cost per second of a courier's empty drive to the pickup. */
  emptyDriveWeight: number;
  /** Cost per second a courier waits at the pickup. */
  waitWeight: number;
  /** The delay a bundle left for a later round is assumed to suffer. */
  deferS: number;
  /** Orders about to be ready per free courier below which estimated ready times are planned early. */
  plentifulBelow: number;
  /** An idle courier moves when that brings it this much closer to where orders appear, on average (0: never). */
  repositionGainS: number;
  /** Longest repositioning move. */
  repositionMaxS: number;
}

export const DEFAULT_TUNING: EngineTuning = {
  weights: { lateWeight: 1 },
  bundleAllowanceS: 60,
  bundleAllowancePerLoadS: 600,
  loadThreshold: 0.5,
  extendAllowanceS: 180,
  emptyDriveWeight: 0.2,
  waitWeight: 0.1,
  deferS: 600,
  repositionGainS: 180,
  repositionMaxS: 600,
  plentifulBelow: 2,
};

/** Large enough to dominate any real cost; finite so the solver never sees a row of infinities. */
const LEAVE_OUT = 1e9;

interface Bundle {
  pickup: Place;
  orders: OpenOrder[];
  /** Cost of the bundle with a courier arriving just in time (the bundling yardstick). */
  idealCost: number;
}

function idealRoute(now: number, pickup: Place, orders: readonly OpenOrder[], input: RoundInput, tuning: EngineTuning): PlannedRoute {
  const arriveAt = Math.max(now, latestReady(orders) - input.params.pickupServiceS / 2);
  return bestRoute(arriveAt, pickup, orders, input.travel, input.params, tuning.weights);
}

function groupByPickup(orders: readonly OpenOrder[]): Map<string, OpenOrder[]> {
  const groups = new Map<string, OpenOrder[]>();
  for (const order of orders) {
    const group = groups.get(order.pickup.id);
    if (group) group.push(order);
    else groups.set(order.pickup.id, [order]);
  }
  return groups;
}

function byReadyThenId(a: OpenOrder, b: OpenOrder): number {
  return a.readyAt - b.readyAt || a.placedAt - b.placedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Step 2: cheapest-insertion bundles of one pickup's orders. */
function bundlePickup(
  now: number,
  orders: OpenOrder[],
  allowanceS: number,
  bundleEstimated: boolean,
  input: RoundInput,
  options: EngineOptions,
  tuning: EngineTuning,
): Bundle[] {
  const bundles: Bundle[] = [];
  for (const order of [...orders].sort(byReadyThenId)) {
    const alone = idealRoute(now, order.pickup, [order], input, tuning).cost;
    let best: { bundle: Bundle; route: PlannedRoute; extra: number } | null = null;
    for (const bundle of bundles) {
      if (bundle.orders.length >= options.maxBundle) continue;
      // The bundle's pickup would be this much later for this order's food: past the allowance it
      // cannot pay (a cheap test that keeps a kitchen with hundreds of open orders fast).
      const earliestPickup = now + input.params.pickupServiceS / 2;
      if (Math.max(earliestPickup, order.readyAt) - Math.max(earliestPickup, latestReady(bundle.orders)) > allowanceS) continue;
      // With couriers to spare, food whose ready time is only estimated is not bundled: one late
      // kitchen would hold every order of the bundle. When they are scarce, a courier saved is worth that risk.
      if (!bundleEstimated && (!order.readyKnown || bundle.orders.some((other) => !other.readyKnown))) continue;
      const route = idealRoute(now, order.pickup, [...bundle.orders, order], input, tuning);
      const extra = route.cost - bundle.idealCost - alone;
      if (extra <= allowanceS && (best === null || extra < best.extra)) best = { bundle, route, extra };
    }
    if (best) {
      best.bundle.orders = best.route.sequence;
      best.bundle.idealCost = best.route.cost;
    } else {
      bundles.push({ pickup: order.pickup, orders: [order], idealCost: alone });
    }
  }
  return bundles;
}

function departure(now: number, courier: Courier): number {
  return Math.max(now, courier.freeAt);
}

interface Match {
  route: PlannedRoute;
  departAt: number;
  arriveAt: number;
  cost: number;
}

function matchCost(now: number, bundle: Bundle, courier: Courier, input: RoundInput, tuning: EngineTuning): Match | null {
  const departAt = departure(now, courier);
  const driveS = input.travel.seconds(courier.freePlace, bundle.pickup);
  const arriveAt = departAt + driveS;
  const route = bestRoute(arriveAt, bundle.pickup, bundle.orders, input.travel, input.params, tuning.weights);
  if (route.times.pickupAt > courier.shiftEnd) return null;
  const waitS = Math.max(0, route.times.pickupAt - input.params.pickupServiceS / 2 - arriveAt);
  return { route, departAt, arriveAt, cost: route.cost + tuning.emptyDriveWeight * driveS + tuning.waitWeight * waitS };
}

function decisionFor(courierId: string, pickup: Place, match: Match, params: RoundInput['params']): Decision {
  const waits = match.arriveAt + params.pickupServiceS / 2 < match.route.times.pickupAt;
  return {
    courierId,
    pickup,
    orderIds: match.route.sequence.map((order) => order.id),
    kind: waits ? 'commit' : 'final',
    departAt: match.departAt,
    arriveAt: match.arriveAt,
    pickupAt: match.route.times.pickupAt,
    dropoffAt: match.route.times.dropoffAt,
  };
}

/**
 * Step 5: a courier with nothing to do moves to a hotspot when that brings it, on average over
 * where orders appear (weighted by their recent counts), at least `repositionGainS` closer, and
 * the move takes at most `repositionMaxS` (a move cannot be interrupted). Where kitchens
 * cluster downtown this brings couriers back from the suburbs; where they are spread evenly no
 * place is better than another and nobody moves.
 */
function reposition(now: number, idle: readonly Courier[], input: RoundInput, tuning: EngineTuning): Reposition[] {
  const hotspots = (input.hotspots ?? []).filter((hotspot) => hotspot.weight > 0);
  if (tuning.repositionGainS <= 0 || hotspots.length === 0 || idle.length === 0) return [];
  const totalWeight = hotspots.reduce((sum, hotspot) => sum + hotspot.weight, 0);
  const meanTravelFrom = (place: Place) => hotspots.reduce((sum, hotspot) => sum + hotspot.weight * input.travel.seconds(place, hotspot.place), 0) / totalWeight;
  const scored = hotspots.map((hotspot) => ({ place: hotspot.place, mean: meanTravelFrom(hotspot.place) })).sort((a, b) => a.mean - b.mean || (a.place.id < b.place.id ? -1 : 1));
  const moves: Reposition[] = [];
  for (const courier of idle) {
    const here = meanTravelFrom(courier.freePlace);
    const target = scored.find(({ place }) => {
      const moveS = input.travel.seconds(courier.freePlace, place);
      return moveS <= tuning.repositionMaxS && now + moveS < courier.shiftEnd;
    });
    if (target && here - target.mean >= tuning.repositionGainS) moves.push({ courierId: courier.id, to: target.place });
  }
  return moves;
}

/** Fewer orders about to be ready than couriers free now, by `plentifulBelow`. */
function isPlentiful(input: RoundInput, options: EngineOptions, tuning: EngineTuning): boolean {
  const soon = input.orders.filter((order) => order.readyAt <= input.now + options.horizonS).length;
  const freeNow = input.couriers.filter((courier) => !courier.heading && courier.freeAt < input.now + options.roundS && courier.shiftEnd > input.now).length;
  return soon < tuning.plentifulBelow * freeNow;
}

export function planRound(input: RoundInput, tuning: EngineTuning = DEFAULT_TUNING): RoundResult {
  const options: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, ...input.options };
  const { now, params } = input;
  const decisions: Decision[] = [];
  const ordersById = new Map(input.orders.map((order) => [order.id, order]));
  const plentiful = isPlentiful(input, options, tuning);
  if (plentiful) {
    for (const [id, order] of ordersById) {
      if (!order.readyKnown && order.readyEarliestAt !== undefined) ordersById.set(id, { ...order, readyAt: order.readyEarliestAt });
    }
  }
  const couriers = input.couriers;
  const taken = new Set<string>();
  for (const courier of couriers) for (const id of courier.heading?.orderIds ?? []) taken.add(id);
  const free = [...ordersById.values()].filter((order) => !taken.has(order.id));
  const freeByPickup = groupByPickup(free);

  // 1. Extend couriers heading to a pickup (and re-time them: their plan is final once nothing waits).
  for (const courier of [...couriers].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const heading = courier.heading;
    if (!heading) continue;
    const carried = heading.orderIds.map((id) => ordersById.get(id)).filter((order): order is OpenOrder => order !== undefined);
    if (carried.length === 0) continue;
    let route = bestRoute(heading.arriveAt, heading.pickup, carried, input.travel, params, tuning.weights);
    // A commitment that can no longer make the shift is the caller's to withdraw; the engine plans nothing on it.
    if (route.times.pickupAt > courier.shiftEnd) continue;
    let changed = false;
    const candidates = (freeByPickup.get(heading.pickup.id) ?? []).filter((order) => !taken.has(order.id)).sort(byReadyThenId);
    for (const order of candidates) {
      if (route.sequence.length >= options.maxBundle) break;
      if (!order.readyKnown) continue;
      const alone = idealRoute(now, order.pickup, [order], input, tuning).cost;
      const extended = bestRoute(heading.arriveAt, heading.pickup, [...route.sequence, order], input.travel, params, tuning.weights);
      if (extended.times.pickupAt > courier.shiftEnd) continue;
      if (extended.cost - route.cost - alone <= tuning.extendAllowanceS) {
        route = extended;
        taken.add(order.id);
        changed = true;
      }
    }
    const waits = heading.arriveAt + params.pickupServiceS / 2 < route.times.pickupAt;
    if (changed || !waits) {
      decisions.push(
        decisionFor(courier.id, heading.pickup, { route, departAt: Math.min(now, heading.arriveAt), arriveAt: heading.arriveAt, cost: route.cost }, params),
      );
    }
  }

  // 2. Bundle what is ready within the horizon.
  const available = couriers.filter((courier) => !courier.heading && courier.shiftEnd > now && courier.freeAt <= now + options.horizonS);
  // Nobody to send: nothing to bundle or match this round.
  const inHorizon = available.length === 0 ? [] : free.filter((order) => !taken.has(order.id) && order.readyAt <= now + options.horizonS);
  const load = inHorizon.length / Math.max(1, available.filter((courier) => courier.freeAt <= now + options.roundS).length);
  const allowanceS = tuning.bundleAllowanceS + tuning.bundleAllowancePerLoadS * Math.max(0, load - tuning.loadThreshold);
  const bundles: Bundle[] = [];
  const horizonGroups = groupByPickup(inHorizon);
  for (const pickupId of [...horizonGroups.keys()].sort()) {
    bundles.push(...bundlePickup(now, horizonGroups.get(pickupId)!, allowanceS, !plentiful, input, options, tuning));
  }

  // 3. Assign: rows are bundles, columns the union of each bundle's nearest couriers plus one "later" column per bundle.
  const columns: Courier[] = [];
  const columnOf = new Map<string, number>();
  const candidateMatches: Map<number, Match>[] = bundles.map((bundle) => {
    const ranked = available
      .map((courier) => ({ courier, arriveAt: departure(now, courier) + input.travel.seconds(courier.freePlace, bundle.pickup) }))
      .sort((a, b) => a.arriveAt - b.arriveAt || (a.courier.id < b.courier.id ? -1 : 1))
      .slice(0, options.candidatesPerBundle);
    const matches = new Map<number, Match>();
    for (const { courier } of ranked) {
      const match = matchCost(now, bundle, courier, input, tuning);
      if (!match) continue;
      let column = columnOf.get(courier.id);
      if (column === undefined) {
        column = columns.length;
        columns.push(courier);
        columnOf.set(courier.id, column);
      }
      matches.set(column, match);
    }
    return matches;
  });
  const reserved = new Set<string>();
  if (bundles.length > 0) {
    const width = columns.length + bundles.length;
    const matrix = bundles.map((bundle, row) => {
      const cells = new Array<number>(width).fill(LEAVE_OUT * 2);
      for (const [column, match] of candidateMatches[row]!) cells[column] = match.cost;
      // Leaving the bundle to a later round: as if delivered deferS later.
      cells[columns.length + row] = LEAVE_OUT + idealRoute(now + tuning.deferS, bundle.pickup, bundle.orders, input, tuning).cost;
      return cells;
    });
    for (const [row, column] of munkres(matrix)) {
      if (column >= columns.length) continue;
      reserved.add(columns[column]!.id);
      const match = candidateMatches[row]!.get(column);
      if (!match) continue;
      const bundle = bundles[row]!;
      // 4. Execute only what cannot wait: the courier leaves before the next round, and leaving a round later would make it late.
      const latestDeparture = latestReady(bundle.orders) - params.pickupServiceS / 2 - (match.arriveAt - match.departAt);
      if (match.departAt >= now + options.roundS) continue;
      if (latestDeparture >= now + options.roundS) continue;
      decisions.push(decisionFor(columns[column]!.id, bundle.pickup, match, params));
      for (const order of bundle.orders) taken.add(order.id);
    }
  }

  const decided = new Set(decisions.flatMap((decision) => decision.orderIds));
  const repositions = reposition(now, available.filter((courier) => courier.freeAt <= now && !reserved.has(courier.id)), input, tuning);
  return { decisions, repositions, deferred: input.orders.filter((order) => !decided.has(order.id) && !taken.has(order.id)).map((order) => order.id) };
}
