import { describe, expect, it } from 'vitest';
import { checkSolution, EVALUATOR_RULES, violationRule, type MdrpRule } from '@/lib/engine/server/internal/mdrp/check-solution';
import { summarize } from '@/lib/engine/server/internal/mdrp/metrics';
import { handBuiltInstance, handBuiltSolution, violationCases } from '@/lib/engine/server/internal/mdrp/check-solution.fixtures';
import { generateInstance } from '@/lib/engine/server/internal/mdrp/generate-instance';
import { travelMinutes, type MdrpInstance } from '@/lib/engine/server/internal/mdrp/instance';
import type { MdrpSolution } from '@/lib/engine/server/mdrp/solution';

const rulesOf = (violations: string[]) => [...new Set(violations.map(violationRule))].sort();

describe('checkSolution on the hand-built solution', () => {
  const { feasible, violations, metrics } = checkSolution(handBuiltInstance(), handBuiltSolution());

  it('is feasible', () => {
    expect(violations).toEqual([]);
    expect(feasible).toBe(true);
  });

  it('counts orders delivered out of the total', () => {
    expect(metrics).toMatchObject({ ordersTotal: 5, ordersDelivered: 4, undeliveredPct: 20 });
  });

  it('gives click-to-door as pandas describe would (21, 26, 24, 44)', () => {
    expect(metrics.clickToDoor).toMatchObject({ count: 4, mean: 28.75, min: 21, p50: 25, max: 44 });
    // Linear interpolation: p10 at rank 0.3 of [21, 24, 26, 44], p90 at rank 2.7; std with ddof 1.
    expect(metrics.clickToDoor.p10).toBeCloseTo(21.9, 10);
    expect(metrics.clickToDoor.p90).toBeCloseTo(38.6, 10);
    expect(metrics.clickToDoor.std).toBeCloseTo(Math.sqrt(322.75 / 3), 10);
    expect(metrics.overTargetPct).toBe(25);
    expect(metrics.clickToDoorOverage).toMatchObject({ count: 4, mean: 1, p50: 0, max: 4 });
    expect(metrics.clickToDoorOverage.p90).toBeCloseTo(2.8, 10);
  });

  it('gives ready-to-pickup (2, 0, 0, 0) and ready-to-door (11, 16, 14, 9)', () => {
    expect(metrics.readyToPickup).toMatchObject({ mean: 0.5, p50: 0, max: 2 });
    expect(metrics.readyToDoor).toMatchObject({ mean: 12.5, p50: 12.5, min: 9, max: 16 });
  });

  it('pays each courier the larger of 10 per order and 15 per hour: 30 + 20 + 15', () => {
    expect(metrics.totalPayment).toBe(65);
    expect(metrics.costPerOrder).toBe(16.25);
    expect(metrics.guaranteeShare).toBeCloseTo(2 / 3, 12);
  });

  it('gives bundle sizes (2, 1, 1) and utilization as the evaluator defines it', () => {
    expect(metrics.ordersPerBundle.mean).toBeCloseTo(4 / 3, 12);
    // c1: 10 min driving + 2 drop-offs × 4 + 1 pickup × 4 over 120; c2: (28 + 8 + 8) / 60; c3 never moves: 0.
    expect(metrics.utilization.mean).toBeCloseTo((22 / 120 + 44 / 60 + 0) / 3, 12);
    expect(metrics.utilization.max).toBeCloseTo(44 / 60, 12);
    expect(metrics.ordersPerHour.mean).toBe(1);
    expect(metrics.bundlesPerHour.mean).toBeCloseTo((0.5 + 2 + 0) / 3, 12);
  });
});

describe('checkSolution catches each broken rule', () => {
  it.each(violationCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const instance = handBuiltInstance();
    const solution = handBuiltSolution();
    c.breakIt(instance, solution);
    const { feasible, violations } = checkSolution(instance, solution);
    expect(feasible).toBe(false);
    expect(rulesOf(violations)).toEqual([...c.rules].sort());
  });

  it('has a case for every rule', () => {
    const covered = new Set(violationCases.flatMap((c) => c.rules));
    const all: MdrpRule[] = [
      ...EVALUATOR_RULES,
      'unknown-id',
      'empty-bundle',
      'bundle-several-restaurants',
      'pickup-before-service',
      'pickup-departure',
      'bundle-route',
      'drop-off-time',
      'drop-off-departure',
      'assigned-after-pickup',
      'order-repeated-in-bundle',
      'order-record',
    ];
    expect(all.filter((rule) => !covered.has(rule))).toEqual([]);
  });

  it('agrees with what the evaluator says of each case: a case it passes breaks only rules beyond it', () => {
    for (const c of violationCases) {
      const evaluatorRules = c.rules.filter((rule) => EVALUATOR_RULES.includes(rule));
      if (c.evaluator === 'feasible') expect(evaluatorRules, c.name).toEqual([]);
      if (c.evaluator === 'infeasible') expect(evaluatorRules.length, c.name).toBeGreaterThan(0);
    }
  });

  it('names the order, the courier and the times', () => {
    const solution = handBuiltSolution();
    solution.orders[2]!.dropoffTime = 27;
    expect(checkSolution(handBuiltInstance(), solution).violations).toEqual([
      'drop-off-location: order o3 (dropped off at 27 by c2): the courier is on the road then',
    ]);
  });

  it('checks a courier’s moves in the order given (a move listed out of time order goes back in time)', () => {
    const solution = handBuiltSolution();
    solution.moves.reverse();
    expect(rulesOf(checkSolution(handBuiltInstance(), solution).violations)).toContain('departure-before-arrival');
  });
});

describe('summarize', () => {
  it('matches pandas describe(percentiles=[.1, .9])', () => {
    // pandas: Series(range(1, 11)).describe(percentiles=[.1, .9])
    const s = summarize([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(s).toMatchObject({ count: 10, mean: 5.5, min: 1, p50: 5.5, max: 10 });
    expect(s.p10).toBeCloseTo(1.9, 12);
    expect(s.p90).toBeCloseTo(9.1, 12);
    expect(s.std).toBeCloseTo(3.0276503540974917, 12);
  });

  it('leaves NaN out and gives NaN for nothing', () => {
    expect(summarize([Number.NaN, 3])).toMatchObject({ count: 1, mean: 3, p10: 3, p90: 3 });
    expect(summarize([3]).std).toBeNaN();
    expect(summarize([]).mean).toBeNaN();
  });
});

/** One order per courier: the first free courier that can pick it up before its off-time. */
function greedy(instance: MdrpInstance): MdrpSolution {
  const half = (m: number) => m / 2;
  const { pickupServiceMinutes: ps, dropoffServiceMinutes: ds } = instance.params;
  const restaurants = new Map(instance.restaurants.map((r) => [r.id, r]));
  const state = instance.couriers.map((c) => ({ courier: c, free: c.onTime, at: c as { id: string; x: number; y: number }, moved: false }));
  const solution: MdrpSolution = { assignments: [], orders: [], moves: [] };
  for (const order of [...instance.orders].sort((a, b) => a.placementTime - b.placementTime)) {
    const restaurant = restaurants.get(order.restaurant)!;
    let best: { s: (typeof state)[number]; depart: number; pickup: number } | undefined;
    for (const s of state) {
      const depart = Math.max(s.free, order.placementTime);
      const pickup = Math.max(depart + travelMinutes(instance, s.at, restaurant) + half(ps), order.readyTime);
      if (pickup <= s.courier.offTime && (!best || pickup < best.pickup)) best = { s, depart, pickup };
    }
    if (!best) continue;
    const { s, depart, pickup } = best;
    const dropoff = pickup + half(ps) + travelMinutes(instance, restaurant, order) + half(ds);
    solution.assignments.push({ assignmentTime: depart, pickupTime: pickup, courier: s.courier.id, orders: [order.id] });
    solution.orders.push({
      order: order.id,
      placementTime: order.placementTime,
      readyTime: order.readyTime,
      pickupTime: pickup,
      dropoffTime: dropoff,
      courier: s.courier.id,
    });
    solution.moves.push(
      { courier: s.courier.id, departureTime: depart, origin: s.moved ? s.at.id : '0', destination: restaurant.id },
      { courier: s.courier.id, departureTime: pickup + half(ps), origin: restaurant.id, destination: order.id },
    );
    Object.assign(s, { free: dropoff + half(ds), at: order, moved: true });
  }
  return solution;
}

describe('checkSolution on a generated instance', () => {
  it('passes a one-order-per-courier greedy and catches it when the greedy skips the service at the restaurant', () => {
    const instance = generateInstance({ seed: 7, orders: 200, restaurants: 20, couriers: 25, minutes: 600 });
    const solution = greedy(instance);
    expect(solution.assignments.length).toBeGreaterThan(100);
    expect(checkSolution(instance, solution).violations).toEqual([]);

    for (const m of solution.moves) if (m.destination.startsWith('o')) m.departureTime -= 1;
    const rules = rulesOf(checkSolution(instance, solution).violations);
    expect(rules).toContain('pickup-departure');
  });
});
