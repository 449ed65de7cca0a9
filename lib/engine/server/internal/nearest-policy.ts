import type { Courier, Decision, RoundInput, RoundResult } from '@/lib/engine/server/internal/types';

/**
 * The policy the engine replaced, kept so the comparison can be rerun: each order, oldest first,
 * goes at once to the nearest idle courier, who drives to the pickup and waits for the food.
 * No bundles, no timing, no look at what comes next.
 */
export function planNearest(input: RoundInput): RoundResult {
  const { now, params, travel } = input;
  const busy = new Set(input.couriers.filter((courier) => courier.heading).flatMap((courier) => courier.heading!.orderIds));
  const idle = new Map<string, Courier>(
    input.couriers.filter((courier) => !courier.heading && courier.freeAt <= now && courier.shiftEnd > now).map((courier) => [courier.id, courier]),
  );
  const decisions: Decision[] = [];
  const deferred: string[] = [];
  const waiting = input.orders.filter((order) => !busy.has(order.id)).sort((a, b) => a.placedAt - b.placedAt || (a.id < b.id ? -1 : 1));
  for (const order of waiting) {
    let best: { courier: Courier; driveS: number } | null = null;
    for (const courier of idle.values()) {
      const driveS = travel.seconds(courier.freePlace, order.pickup);
      if (Math.max(now + driveS + params.pickupServiceS / 2, order.readyAt) > courier.shiftEnd) continue;
      if (best === null || driveS < best.driveS || (driveS === best.driveS && courier.id < best.courier.id)) best = { courier, driveS };
    }
    if (!best) {
      deferred.push(order.id);
      continue;
    }
    idle.delete(best.courier.id);
    const arriveAt = now + best.driveS;
    const pickupAt = Math.max(arriveAt + params.pickupServiceS / 2, order.readyAt);
    const dropoffAt = pickupAt + params.pickupServiceS / 2 + travel.seconds(order.pickup, order.dropoff) + params.dropoffServiceS / 2;
    decisions.push({ courierId: best.courier.id, pickup: order.pickup, orderIds: [order.id], kind: 'final', departAt: now, arriveAt, pickupAt, dropoffAt: [dropoffAt] });
  }
  return { decisions, repositions: [], deferred };
}
