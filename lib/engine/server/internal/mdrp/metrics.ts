/**
 * The metrics of an MDRP solution, as the official evaluator (compute_performance_summary.py from
 * grubhub/mdrplib) computes them, with pandas' and numpy's statistics to the last bit.
 */
import type { MdrpInstance } from '@/lib/engine/server/internal/mdrp/instance';
import type { MdrpSolution } from '@/lib/engine/server/mdrp/solution';
import type { Timeline } from '@/lib/engine/server/internal/mdrp/timeline';

/** pandas' `describe(percentiles=[.1, .9])` of a column: NaN values left out; NaN when undefined. */
export interface MdrpSummary {
  count: number;
  mean: number;
  /** Sample standard deviation (ddof 1), as pandas. */
  std: number;
  min: number;
  p10: number;
  p50: number;
  p90: number;
  max: number;
}

export interface MdrpMetrics {
  ordersTotal: number;
  /** Lines of solution_info_orders.txt (the evaluator's "number of orders delivered"). */
  ordersDelivered: number;
  /** 100 × undelivered / total. */
  undeliveredPct: number;
  /** Drop-off − placement (the instance's), over delivered orders. */
  clickToDoor: MdrpSummary;
  /** 100 × delivered orders whose click-to-door exceeds the target / delivered orders. */
  overTargetPct: number;
  /** max(0, click-to-door − target). */
  clickToDoorOverage: MdrpSummary;
  /** Pickup − ready time (the instance's). */
  readyToPickup: MdrpSummary;
  /** Drop-off − ready time (the instance's). */
  readyToDoor: MdrpSummary;
  /** Sum over all couriers of max(pay per order × orders delivered, guaranteed pay per hour × shift hours). */
  totalPayment: number;
  /** Total payment / orders delivered. */
  costPerOrder: number;
  /** Share of couriers paid their guarantee (order earnings below it). */
  guaranteeShare: number;
  /** Over assignments. */
  ordersPerBundle: MdrpSummary;
  /**
   * Over all couriers of the instance: (minutes driving + drop-off service × orders + pickup
   * service × bundles) / shift minutes; 0 for a courier without moves.
   */
  utilization: MdrpSummary;
  /** Over all couriers: 60 × orders / shift minutes. */
  ordersPerHour: MdrpSummary;
  /** Over all couriers: 60 × bundles / shift minutes. */
  bundlesPerHour: MdrpSummary;
}

/** numpy's linear quantile of sorted values (its lerp, exact to the last bit). */
function quantile(sorted: readonly number[], q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const virtual = (n - 1) * q;
  const lo = Math.floor(virtual);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(lo + 1, n - 1)] as number;
  const t = virtual - lo;
  const diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

/** pandas' describe(percentiles=[.1, .9]) of the values (NaN left out). */
export function summarize(values: readonly number[]): MdrpSummary {
  const kept = values.filter((v) => !Number.isNaN(v));
  const sorted = [...kept].sort((a, b) => a - b);
  const count = sorted.length;
  const mean = count === 0 ? Number.NaN : kept.reduce((sum, v) => sum + v, 0) / count;
  const std = count < 2 ? Number.NaN : Math.sqrt(kept.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (count - 1));
  return {
    count,
    mean,
    std,
    min: count === 0 ? Number.NaN : (sorted[0] as number),
    p10: quantile(sorted, 0.1),
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    max: count === 0 ? Number.NaN : (sorted[count - 1] as number),
  };
}

export function computeMetrics(instance: MdrpInstance, solution: MdrpSolution, timelines: Map<string, Timeline>): MdrpMetrics {
  const p = instance.params;
  const orders = new Map(instance.orders.map((o) => [o.id, o]));

  const clickToDoor: number[] = [];
  const readyToDoor: number[] = [];
  const readyToPickup: number[] = [];
  const overage: number[] = [];
  const served = new Map<string, number>();
  for (const row of solution.orders) {
    served.set(row.courier, (served.get(row.courier) ?? 0) + 1);
    const order = orders.get(row.order);
    if (!order) continue;
    const ctd = row.dropoffTime - order.placementTime;
    clickToDoor.push(ctd);
    readyToDoor.push(row.dropoffTime - order.readyTime);
    readyToPickup.push(row.pickupTime - order.readyTime);
    overage.push(Math.max(0, ctd - p.targetClickToDoor));
  }
  const bundles = new Map<string, number>();
  for (const a of solution.assignments) bundles.set(a.courier, (bundles.get(a.courier) ?? 0) + 1);

  let totalPayment = 0;
  let guaranteed = 0;
  const utilization: number[] = [];
  const ordersPerHour: number[] = [];
  const bundlesPerHour: number[] = [];
  for (const c of instance.couriers) {
    const shift = c.offTime - c.onTime;
    const nOrders = served.get(c.id) ?? 0;
    const nBundles = bundles.get(c.id) ?? 0;
    const guarantee = (shift * p.guaranteedPayPerHour) / 60;
    const earnings = nOrders * p.payPerOrder;
    totalPayment += Math.max(earnings, guarantee);
    if (earnings < guarantee) guaranteed += 1;
    const timeline = timelines.get(c.id);
    const busy = timeline ? timeline.driving + nOrders * p.dropoffServiceMinutes + nBundles * p.pickupServiceMinutes : Number.NaN;
    const use = busy / shift;
    utilization.push(Number.isNaN(use) ? 0 : use);
    ordersPerHour.push((60 * nOrders) / shift);
    bundlesPerHour.push((60 * nBundles) / shift);
  }

  const delivered = solution.orders.length;
  const total = instance.orders.length;
  return {
    ordersTotal: total,
    ordersDelivered: delivered,
    undeliveredPct: (100 * (total - delivered)) / total,
    clickToDoor: summarize(clickToDoor),
    overTargetPct: (100 * clickToDoor.filter((v) => v > p.targetClickToDoor).length) / clickToDoor.length,
    clickToDoorOverage: summarize(overage),
    readyToPickup: summarize(readyToPickup),
    readyToDoor: summarize(readyToDoor),
    totalPayment,
    costPerOrder: totalPayment / delivered,
    guaranteeShare: guaranteed / instance.couriers.length,
    ordersPerBundle: summarize(solution.assignments.map((a) => a.orders.length)),
    utilization: summarize(utilization),
    ordersPerHour: summarize(ordersPerHour),
    bundlesPerHour: summarize(bundlesPerHour),
  };
}
