/**
 * Feasibility and metrics of an MDRP solution, as the official evaluator
 * (compute_performance_summary.py from grubhub/mdrplib) computes them, plus the rules of the
 * instances' description that the evaluator does not check.
 *
 * The evaluator's checks, with its semantics:
 * - each order is in at most one assignment;
 * - no assignment before the placement of one of its orders;
 * - no pickup after the courier's off-time; no pickup before the ready time of one of its orders;
 * - the drop-offs of a bundle follow its sequence, each at least one drop-off service after the previous;
 * - each move leaves from where the previous one arrived (the first from the on-location, `0`),
 *   and the courier's timeline [on_time, departure, arrival, departure, …] never goes back in time;
 * - at each drop-off (pickup) time, the last event of the courier's timeline strictly before it is
 *   its arrival at the order (the restaurant of the bundle's first order) — a bisect_left on the
 *   timeline, so an arrival at the very minute of the drop-off or pickup does not count.
 * Inputs on which the evaluator would stop with an exception (unknown ids, an assigned order with
 * no line in solution_info_orders.txt, a courier with a drop-off or a pickup but no moves, an
 * empty bundle) are violations here. So is a drop-off or pickup at or before the courier's on_time,
 * where the evaluator's index -1 would wrap round to the courier's last place.
 *
 * The rules beyond the evaluator: all orders of a bundle from one restaurant; pickup at or after
 * the arrival at the restaurant + half the pickup service, and departure from it at or after the
 * pickup + half the service; the moves after a pickup go restaurant → drop-offs in the bundle's
 * order; a drop-off exactly at its arrival + half the drop-off service, and the courier leaves it
 * no earlier than half a service later (so a bundle is finished before the courier goes anywhere
 * else, its next pickup included); no assignment after its pickup; no order twice in one bundle
 * (the evaluator's "at most one assignment" counts bundles, so it sees a repeat only through the
 * drop-off sequence); every line of solution_info_orders.txt once, in exactly one assignment with
 * the same pickup time and courier, with the instance's placement and ready times.
 *
 * A courier's moves are taken in the order the solution lists them (as the file lists them);
 * `writeSolution` sorts each courier's moves by departure time.
 */
import type { MdrpInstance } from '@/lib/engine/server/internal/mdrp/instance';
import { computeMetrics, type MdrpMetrics } from '@/lib/engine/server/internal/mdrp/metrics';
import type { MdrpOrderRecord, MdrpSolution } from '@/lib/engine/server/mdrp/solution';
import { arrivalIndex, buildTimelines, stayAt, type Timeline } from '@/lib/engine/server/internal/mdrp/timeline';

export type MdrpRule =
  // The evaluator's checks.
  | 'order-in-several-assignments'
  | 'assigned-before-placement'
  | 'pickup-after-off-time'
  | 'pickup-before-ready'
  | 'drop-off-sequence'
  | 'moves-discontinuous'
  | 'departure-before-arrival'
  | 'drop-off-location'
  | 'pickup-location'
  // Inputs that stop the evaluator.
  | 'unknown-id'
  | 'empty-bundle'
  // The rules beyond the evaluator.
  | 'bundle-several-restaurants'
  | 'pickup-before-service'
  | 'pickup-departure'
  | 'bundle-route'
  | 'drop-off-time'
  | 'drop-off-departure'
  | 'assigned-after-pickup'
  | 'order-repeated-in-bundle'
  | 'order-record';

export const EVALUATOR_RULES: readonly MdrpRule[] = [
  'order-in-several-assignments',
  'assigned-before-placement',
  'pickup-after-off-time',
  'pickup-before-ready',
  'drop-off-sequence',
  'moves-discontinuous',
  'departure-before-arrival',
  'drop-off-location',
  'pickup-location',
];

export interface MdrpCheck {
  feasible: boolean;
  /** Each `<rule>: <what and where>`; see `violationRule`. */
  violations: string[];
  /** Computed whatever the verdict (the evaluator only writes them for a feasible solution). */
  metrics: MdrpMetrics;
}

/** The rule a violation string is about. */
export function violationRule(violation: string): MdrpRule {
  return violation.slice(0, violation.indexOf(':')) as MdrpRule;
}

interface Stay {
  timeline: Timeline;
  /** The stay's index in the timeline. */
  i: number;
  /** Where the courier is; '' while on the road. */
  place: string | undefined;
  arrival: number;
  /** When the courier leaves; undefined after its last move. */
  leaves: number | undefined;
}

/**
 * Where a courier is at a drop-off or pickup time, as the evaluator reads it, or why that cannot
 * be read: a courier with no moves, or a time at or before its on_time (where the evaluator's
 * index -1 would wrap round to the courier's last place).
 */
function stayOf(timeline: Timeline | undefined, time: number): Stay | string {
  if (!timeline) return 'the courier has no moves';
  const i = stayAt(timeline, time);
  if (i < 0) return "at or before the courier's on_time";
  return { timeline, i, place: timeline.places[i], arrival: timeline.times[i] as number, leaves: timeline.times[i + 1] };
}

const whereIs = (place: string | undefined) => (place ? `at ${place}` : 'on the road');

export function checkSolution(instance: MdrpInstance, solution: MdrpSolution): MdrpCheck {
  const { pickupServiceMinutes: pickupService, dropoffServiceMinutes: dropoffService } = instance.params;
  const orders = new Map(instance.orders.map((o) => [o.id, o]));
  const couriers = new Map(instance.couriers.map((c) => [c.id, c]));

  const violations: string[] = [];
  const flag = (rule: MdrpRule, message: string) => violations.push(`${rule}: ${message}`);

  // Courier timelines; continuity and order in time.
  const timelines = buildTimelines(instance, solution, flag);

  // Which assignments hold each order.
  const assignmentsOf = new Map<string, number[]>();
  solution.assignments.forEach((a, k) => {
    for (const o of new Set(a.orders)) {
      const list = assignmentsOf.get(o);
      if (list) list.push(k);
      else assignmentsOf.set(o, [k]);
    }
  });
  for (const [o, list] of assignmentsOf) {
    if (list.length > 1) flag('order-in-several-assignments', `order ${o} is in assignments ${list.map((k) => k + 1).join(', ')}`);
  }

  // The orders' lines: drop-off place and time, and the record itself.
  const rowOf = new Map<string, MdrpOrderRecord>();
  const dropStay = new Map<string, number>();
  for (const row of solution.orders) {
    const label = `order ${row.order} (dropped off at ${row.dropoffTime} by ${row.courier})`;
    if (rowOf.has(row.order)) {
      flag('order-record', `order ${row.order} has more than one line in solution_info_orders.txt`);
      continue;
    }
    rowOf.set(row.order, row);
    const order = orders.get(row.order);
    if (!order) flag('unknown-id', `${label}: not an order of the instance`);
    else if (order.placementTime !== row.placementTime || order.readyTime !== row.readyTime) {
      flag(
        'order-record',
        `${label}: placement/ready ${row.placementTime}/${row.readyTime}, the instance says ${order.placementTime}/${order.readyTime}`,
      );
    }
    const inAssignments = assignmentsOf.get(row.order) ?? [];
    if (inAssignments.length === 0) flag('order-record', `${label}: in no assignment`);
    for (const k of inAssignments) {
      const a = solution.assignments[k];
      if (a && (a.pickupTime !== row.pickupTime || a.courier !== row.courier)) {
        flag('order-record', `${label}: picked up at ${row.pickupTime} by ${row.courier}, assignment ${k + 1} says at ${a.pickupTime} by ${a.courier}`);
      }
    }
    if (!couriers.has(row.courier)) {
      flag('unknown-id', `${label}: courier not in the instance`);
      continue;
    }
    const stay = stayOf(timelines.get(row.courier), row.dropoffTime);
    if (typeof stay === 'string') {
      flag('drop-off-location', `${label}: ${stay}`);
      continue;
    }
    if (stay.place !== row.order) {
      flag('drop-off-location', `${label}: the courier is ${whereIs(stay.place)} then`);
      continue;
    }
    dropStay.set(row.order, stay.i);
    const { arrival, leaves } = stay;
    if (row.dropoffTime !== arrival + dropoffService / 2) {
      flag('drop-off-time', `${label}: the courier arrives at ${arrival}, so drops off at ${arrival + dropoffService / 2}`);
    }
    if (leaves !== undefined && leaves < row.dropoffTime + dropoffService / 2) {
      flag('drop-off-departure', `${label}: the courier leaves at ${leaves}, before ${row.dropoffTime + dropoffService / 2}`);
    }
  }

  // The assignments.
  solution.assignments.forEach((a, k) => {
    const label = `assignment ${k + 1} (${a.courier}: ${a.orders.join(' ')}, picked up at ${a.pickupTime})`;
    if (a.orders.length === 0) {
      flag('empty-bundle', `${label}: no orders`);
      return;
    }
    const seen = new Set<string>();
    for (const o of a.orders) {
      if (seen.has(o)) flag('order-repeated-in-bundle', `${label}: order ${o} twice`);
      seen.add(o);
    }
    const known = a.orders.flatMap((o) => {
      const order = orders.get(o);
      if (!order) flag('unknown-id', `${label}: order ${o} is not in the instance`);
      return order ? [order] : [];
    });
    for (const order of known) {
      if (a.assignmentTime < order.placementTime) {
        flag('assigned-before-placement', `${label}: assigned at ${a.assignmentTime}, order ${order.id} placed at ${order.placementTime}`);
      }
      if (order.readyTime > a.pickupTime) flag('pickup-before-ready', `${label}: order ${order.id} is ready at ${order.readyTime}`);
    }
    if (a.assignmentTime > a.pickupTime) flag('assigned-after-pickup', `${label}: assigned at ${a.assignmentTime}`);
    const restaurants = [...new Set(known.map((o) => o.restaurant))];
    if (restaurants.length > 1) flag('bundle-several-restaurants', `${label}: orders from ${restaurants.join(', ')}`);

    let previous: number | undefined;
    for (const o of a.orders) {
      const row = rowOf.get(o);
      if (!row) {
        if (orders.has(o)) flag('order-record', `${label}: order ${o} has no line in solution_info_orders.txt`);
        continue;
      }
      if (previous !== undefined && row.dropoffTime < previous + dropoffService) {
        flag('drop-off-sequence', `${label}: order ${o} dropped off at ${row.dropoffTime}, the one before at ${previous}`);
      }
      previous = row.dropoffTime;
    }

    const courier = couriers.get(a.courier);
    if (!courier) {
      flag('unknown-id', `${label}: courier not in the instance`);
      return;
    }
    if (courier.offTime < a.pickupTime) flag('pickup-after-off-time', `${label}: the courier goes off at ${courier.offTime}`);

    const first = orders.get(a.orders[0] as string);
    if (!first) return;
    const stay = stayOf(timelines.get(a.courier), a.pickupTime);
    if (typeof stay === 'string') {
      flag('pickup-location', `${label}: ${stay}`);
      return;
    }
    if (stay.place !== first.restaurant) {
      flag('pickup-location', `${label}: the courier is ${whereIs(stay.place)} then, not at ${first.restaurant}`);
      return;
    }
    const { timeline, i, arrival, leaves } = stay;
    if (a.pickupTime < arrival + pickupService / 2) {
      flag('pickup-before-service', `${label}: the courier arrives at ${arrival}, so picks up at ${arrival + pickupService / 2} at the earliest`);
    }
    if (leaves !== undefined && leaves < a.pickupTime + pickupService / 2) {
      flag('pickup-departure', `${label}: the courier leaves at ${leaves}, before ${a.pickupTime + pickupService / 2}`);
    }

    // The moves after the pickup: restaurant → each drop-off in the bundle's order.
    const pickupMove = (i - 2) / 2;
    for (let n = 1; n <= a.orders.length; n++) {
      const o = a.orders[n - 1] as string;
      const move = timeline.moves[pickupMove + n];
      if (move?.destination !== o) {
        const went = move ? `goes to ${move.destination}` : 'stops';
        flag('bundle-route', `${label}: after ${n === 1 ? 'the pickup' : `drop-off ${n - 1}`} the courier ${went}, not to order ${o}`);
        break;
      }
      const stay = rowOf.get(o)?.courier === a.courier ? dropStay.get(o) : undefined;
      if (stay !== undefined && stay !== arrivalIndex(pickupMove + n)) {
        flag('bundle-route', `${label}: order ${o} is dropped off at another visit than the one after the pickup`);
        break;
      }
    }
  });

  return { feasible: violations.length === 0, violations, metrics: computeMetrics(instance, solution, timelines) };
}
