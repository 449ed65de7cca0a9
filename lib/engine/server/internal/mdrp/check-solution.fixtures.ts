/**
 * A hand-built MDRP instance with a feasible two-courier solution, and one broken copy of that
 * solution per rule, for the checker's tests. Every time below is worked out in the comments.
 */
import type { MdrpRule } from '@/lib/engine/server/internal/mdrp/check-solution';
import { MDRP_INSTANCE_PARAMS } from '@/lib/engine/server/internal/mdrp/generate-instance';
import type { MdrpInstance } from '@/lib/engine/server/internal/mdrp/instance';
import type { MdrpSolution } from '@/lib/engine/server/mdrp/solution';

/**
 * 320 m/min, so 320 m is one minute. r1 at the origin, r2 10 minutes east of it.
 * o4 is never delivered; c3 never moves.
 */
export function handBuiltInstance(): MdrpInstance {
  return {
    restaurants: [
      { id: 'r1', x: 0, y: 0 },
      { id: 'r2', x: 3200, y: 0 },
    ],
    orders: [
      { id: 'o1', x: 1600, y: 0, placementTime: 0, restaurant: 'r1', readyTime: 10 },
      { id: 'o2', x: 1600, y: 960, placementTime: 2, restaurant: 'r1', readyTime: 12 },
      { id: 'o3', x: 3200, y: 3200, placementTime: 5, restaurant: 'r2', readyTime: 15 },
      { id: 'o4', x: 0, y: 1920, placementTime: 30, restaurant: 'r1', readyTime: 50 },
      { id: 'o5', x: 4800, y: 0, placementTime: 20, restaurant: 'r2', readyTime: 55 },
    ],
    couriers: [
      { id: 'c1', x: -640, y: 0, onTime: 0, offTime: 120 },
      { id: 'c2', x: 3200, y: 960, onTime: 0, offTime: 60 },
      { id: 'c3', x: 0, y: 0, onTime: 60, offTime: 120 },
    ],
    params: { ...MDRP_INSTANCE_PARAMS },
  };
}

/**
 * c1 takes o1 then o2 from r1: leaves at 2, at r1 at 4 (2 min), picks up at 12 (o2 ready), leaves
 * at 14, at o1 at 19 (5 min), drops at 21, leaves at 23, at o2 at 26 (3 min), drops at 28.
 * c2 takes o3 from r2: leaves at 5, at r2 at 8 (3 min), picks up at 15 (ready), leaves at 17, at o3
 * at 27 (10 min), drops at 29; then o5, assigned at 40: leaves o3 at 40, at r2 at 50 (10 min),
 * picks up at 55 (ready), leaves at 57, at o5 at 62 (5 min), drops at 64.
 */
export function handBuiltSolution(): MdrpSolution {
  return {
    assignments: [
      { assignmentTime: 2, pickupTime: 12, courier: 'c1', orders: ['o1', 'o2'] },
      { assignmentTime: 5, pickupTime: 15, courier: 'c2', orders: ['o3'] },
      { assignmentTime: 40, pickupTime: 55, courier: 'c2', orders: ['o5'] },
    ],
    orders: [
      { order: 'o1', placementTime: 0, readyTime: 10, pickupTime: 12, dropoffTime: 21, courier: 'c1' },
      { order: 'o2', placementTime: 2, readyTime: 12, pickupTime: 12, dropoffTime: 28, courier: 'c1' },
      { order: 'o3', placementTime: 5, readyTime: 15, pickupTime: 15, dropoffTime: 29, courier: 'c2' },
      { order: 'o5', placementTime: 20, readyTime: 55, pickupTime: 55, dropoffTime: 64, courier: 'c2' },
    ],
    moves: [
      { courier: 'c1', departureTime: 2, origin: '0', destination: 'r1' },
      { courier: 'c1', departureTime: 14, origin: 'r1', destination: 'o1' },
      { courier: 'c1', departureTime: 23, origin: 'o1', destination: 'o2' },
      { courier: 'c2', departureTime: 5, origin: '0', destination: 'r2' },
      { courier: 'c2', departureTime: 17, origin: 'r2', destination: 'o3' },
      { courier: 'c2', departureTime: 40, origin: 'o3', destination: 'r2' },
      { courier: 'c2', departureTime: 57, origin: 'r2', destination: 'o5' },
    ],
  };
}

export interface ViolationCase {
  name: string;
  /** Exactly the rules the checker must report. */
  rules: MdrpRule[];
  /** What the official evaluator says of the same files: it checks fewer rules, and stops on some inputs. */
  evaluator: 'infeasible' | 'feasible' | 'error';
  /** Breaks the hand-built instance or solution in place. */
  breakIt(instance: MdrpInstance, solution: MdrpSolution): void;
}

const move = (s: MdrpSolution, courier: string, n: number) => s.moves.filter((m) => m.courier === courier)[n - 1]!;
const row = (s: MdrpSolution, order: string) => s.orders.find((o) => o.order === order)!;
const order = (i: MdrpInstance, id: string) => i.orders.find((o) => o.id === id)!;
const courier = (i: MdrpInstance, id: string) => i.couriers.find((c) => c.id === id)!;

/** Moves an assignment's pickup, and its orders' lines with it, so that they still agree. */
function pickUpAt(s: MdrpSolution, assignment: number, time: number) {
  const a = s.assignments[assignment]!;
  a.pickupTime = time;
  for (const o of a.orders) row(s, o).pickupTime = time;
}

/**
 * Moves a courier's nth departure, and the drop-off at that move's destination to the new arrival
 * + half the service, so that only the departure breaks a rule.
 */
function departAt(s: MdrpSolution, courierId: string, n: number, departureTime: number, dropoffTime: number) {
  const m = move(s, courierId, n);
  m.departureTime = departureTime;
  row(s, m.destination).dropoffTime = dropoffTime;
}

export const violationCases: ViolationCase[] = [
  {
    name: 'an order in two assignments',
    rules: ['order-in-several-assignments'],
    evaluator: 'infeasible',
    breakIt: (_, s) => void s.assignments.push({ assignmentTime: 2, pickupTime: 12, courier: 'c1', orders: ['o1'] }),
  },
  {
    name: 'an order twice in one bundle',
    rules: ['order-repeated-in-bundle', 'drop-off-sequence', 'bundle-route'],
    evaluator: 'infeasible',
    breakIt: (_, s) => void s.assignments[1]!.orders.push('o3'),
  },
  {
    name: 'assigned before an order is placed (o2 at 2)',
    rules: ['assigned-before-placement'],
    evaluator: 'infeasible',
    breakIt: (_, s) => void (s.assignments[0]!.assignmentTime = 1),
  },
  {
    name: 'picked up after the courier goes off (c2 at 54, pickup 55)',
    rules: ['pickup-after-off-time'],
    evaluator: 'infeasible',
    breakIt: (i) => void (courier(i, 'c2').offTime = 54),
  },
  {
    name: 'picked up before an order is ready (o2 at 12, pickup 11)',
    rules: ['pickup-before-ready'],
    evaluator: 'infeasible',
    breakIt: (_, s) => pickUpAt(s, 0, 11),
  },
  {
    name: 'drop-offs out of the bundle’s sequence',
    rules: ['drop-off-sequence', 'bundle-route'],
    evaluator: 'infeasible',
    breakIt: (_, s) => void s.assignments[0]!.orders.reverse(),
  },
  {
    name: 'a move that leaves from elsewhere than the last arrival',
    rules: ['moves-discontinuous'],
    evaluator: 'infeasible',
    // From o5 to r2 is 5 minutes: at r2 at 45, still before the pickup at 55.
    breakIt: (_, s) => void (move(s, 'c2', 3).origin = 'o5'),
  },
  {
    name: 'a departure before the on_time (c1 on at 3, leaves at 2)',
    rules: ['departure-before-arrival'],
    evaluator: 'infeasible',
    breakIt: (i) => void (courier(i, 'c1').onTime = 3),
  },
  {
    name: 'a departure before the arrival (c1 at o1 at 19, leaves at 18)',
    // …and so at o2 at 21, where the drop-off at 28 is no longer the arrival + 2.
    rules: ['departure-before-arrival', 'drop-off-location', 'drop-off-time'],
    evaluator: 'infeasible',
    breakIt: (_, s) => void (move(s, 'c1', 3).departureTime = 18),
  },
  {
    name: 'a drop-off at the very minute of the arrival (o3 at 27): the bisect needs the arrival strictly before',
    rules: ['drop-off-location'],
    evaluator: 'infeasible',
    breakIt: (_, s) => void (row(s, 'o3').dropoffTime = 27),
  },
  {
    name: 'a drop-off by a courier who is elsewhere',
    rules: ['drop-off-location', 'order-record'],
    evaluator: 'infeasible',
    breakIt: (_, s) => void (row(s, 'o3').courier = 'c1'),
  },
  {
    name: 'a pickup while the courier is on the road (c1 left r1 at 14, pickup 15)',
    rules: ['pickup-location'],
    evaluator: 'infeasible',
    breakIt: (_, s) => pickUpAt(s, 0, 15),
  },
  {
    name: 'a bundle from two restaurants',
    rules: ['bundle-several-restaurants'],
    evaluator: 'feasible',
    breakIt: (i) => void (order(i, 'o2').restaurant = 'r2'),
  },
  {
    name: 'a pickup before the arrival + half the service (at r1 at 11, pickup 12)',
    rules: ['pickup-before-service'],
    evaluator: 'feasible',
    breakIt: (_, s) => void (move(s, 'c1', 1).departureTime = 9),
  },
  {
    name: 'a departure before the pickup + half the service (pickup 12, leaves at 13)',
    rules: ['pickup-departure'],
    evaluator: 'feasible',
    breakIt: (_, s) => departAt(s, 'c1', 2, 13, 20), // at o1 at 18
  },
  {
    name: 'a drop-off later than the arrival + half the service (at o3 at 27, drop-off 30)',
    rules: ['drop-off-time'],
    evaluator: 'feasible',
    breakIt: (_, s) => void (row(s, 'o3').dropoffTime = 30),
  },
  {
    name: 'a departure before the drop-off + half the service, inside a bundle (o1 at 21, leaves at 22)',
    rules: ['drop-off-departure'],
    evaluator: 'feasible',
    breakIt: (_, s) => departAt(s, 'c1', 3, 22, 27), // at o2 at 25
  },
  {
    name: 'leaving for the next pickup before the bundle is finished (o3 at 29, leaves at 30)',
    rules: ['drop-off-departure'],
    evaluator: 'feasible',
    breakIt: (_, s) => void (move(s, 'c2', 3).departureTime = 30),
  },
  {
    name: 'a detour between the pickup and the drop-off (r2 → r1 → o3)',
    rules: ['bundle-route'],
    evaluator: 'feasible',
    breakIt: (_, s) => {
      // r2 → r1 10 min, r1 → o3 ceil(4525.5 / 320) = 15 min, o3 → r2 10, r2 → o5 5.
      s.moves = s.moves.filter((m) => m.courier !== 'c2');
      s.moves.push(
        { courier: 'c2', departureTime: 5, origin: '0', destination: 'r2' },
        { courier: 'c2', departureTime: 17, origin: 'r2', destination: 'r1' },
        { courier: 'c2', departureTime: 27, origin: 'r1', destination: 'o3' },
        { courier: 'c2', departureTime: 46, origin: 'o3', destination: 'r2' },
        { courier: 'c2', departureTime: 60, origin: 'r2', destination: 'o5' },
      );
      row(s, 'o3').dropoffTime = 44;
      pickUpAt(s, 2, 58);
      row(s, 'o5').dropoffTime = 67;
    },
  },
  {
    name: 'an assignment after its pickup',
    rules: ['assigned-after-pickup'],
    evaluator: 'feasible',
    breakIt: (_, s) => void (s.assignments[2]!.assignmentTime = 56),
  },
  {
    name: 'an order line whose pickup time is not its assignment’s',
    rules: ['order-record'],
    evaluator: 'feasible',
    breakIt: (_, s) => void (row(s, 'o3').pickupTime = 16),
  },
  {
    name: 'an order line whose placement time is not the instance’s',
    rules: ['order-record'],
    evaluator: 'feasible',
    breakIt: (_, s) => void (row(s, 'o1').placementTime = 1),
  },
  {
    name: 'a delivered order in no assignment',
    rules: ['order-record', 'drop-off-location'],
    evaluator: 'infeasible',
    breakIt: (_, s) => void s.orders.push({ order: 'o4', placementTime: 30, readyTime: 50, pickupTime: 50, dropoffTime: 70, courier: 'c1' }),
  },
  {
    name: 'an assigned order with no line in solution_info_orders.txt',
    rules: ['order-record'],
    evaluator: 'error',
    breakIt: (_, s) => void (s.orders = s.orders.filter((o) => o.order !== 'o2')),
  },
  {
    name: 'an order with two lines in solution_info_orders.txt',
    rules: ['order-record'],
    evaluator: 'error',
    breakIt: (_, s) => void s.orders.push({ ...row(s, 'o1') }),
  },
  {
    name: 'an empty bundle',
    rules: ['empty-bundle'],
    evaluator: 'error',
    breakIt: (_, s) => void s.assignments.push({ assignmentTime: 60, pickupTime: 60, courier: 'c3', orders: [] }),
  },
  {
    name: 'ids the instance does not have',
    rules: ['unknown-id'],
    evaluator: 'error',
    breakIt: (_, s) => void s.moves.push({ courier: 'c9', departureTime: 0, origin: '0', destination: 'r1' }),
  },
];
