import { describe, expect, it } from 'vitest';
import { checkSolution } from '@/lib/engine/server/internal/mdrp/check-solution';
import { generateInstance } from '@/lib/engine/server/internal/mdrp/generate-instance';
import { replay, type ReplayOptions } from '@/lib/engine/server/internal/mdrp/replay';

const instance = generateInstance({ seed: 7, orders: 160, restaurants: 12, couriers: 60, minutes: 240 });
const base: ReplayOptions = { policy: 'engine', ready: 'known', roundS: 60 };

describe('replay of a generated instance', () => {
  for (const options of [base, { ...base, ready: 'estimate' as const }, { ...base, policy: 'nearest' as const }, { ...base, roundS: 120 }]) {
    it(`${options.policy}, ready times ${options.ready}, rounds of ${options.roundS} s: a solution every rule accepts`, () => {
      const { solution } = replay(instance, options);
      const check = checkSolution(instance, solution);
      expect(check.violations).toEqual([]);
      expect(check.feasible).toBe(true);
      expect(check.metrics.ordersDelivered).toBeGreaterThan(0.85 * instance.orders.length);
    });
  }

  it('decides nothing before an order is placed, and the same instance replays to the same solution', () => {
    const first = replay(instance, base).solution;
    const placed = new Map(instance.orders.map((order) => [order.id, order.placementTime]));
    for (const assignment of first.assignments) {
      for (const order of assignment.orders) expect(assignment.assignmentTime).toBeGreaterThanOrEqual(placed.get(order)!);
    }
    expect(replay(instance, base).solution).toEqual(first);
  });

  it('beats the nearest-driver policy it replaced on click-to-door', () => {
    const engine = checkSolution(instance, replay(instance, base).solution).metrics;
    const nearest = checkSolution(instance, replay(instance, { ...base, policy: 'nearest' }).solution).metrics;
    expect(engine.clickToDoor.mean).toBeLessThan(nearest.clickToDoor.mean);
  });

  it('never lets the policy see a ready time before the food is ready when ready times are estimated', () => {
    // An instance where every kitchen takes exactly 30 minutes: a policy that saw the truth would
    // send couriers to arrive at minute 30; the estimate (nothing observed yet) is 15 minutes.
    const slow = { ...instance, orders: instance.orders.map((order) => ({ ...order, readyTime: order.placementTime + 30 })) };
    const known = replay(slow, base).solution;
    const estimated = replay(slow, { ...base, ready: 'estimate' }).solution;
    expect(checkSolution(slow, estimated).feasible).toBe(true);
    expect(estimated).not.toEqual(known);
  });
});
