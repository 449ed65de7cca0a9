/**
 * A courier's timeline as the MDRP evaluator (compute_performance_summary.py from grubhub/mdrplib)
 * builds it from the solution's moves, and its bisect: where a courier is at a given minute. The
 * checker (`check-solution.ts`) reads drop-offs and pickups against it; the metrics take its
 * driving minutes.
 */
import { travelMinutes, type MdrpInstance, type MdrpPoint } from '@/lib/engine/server/internal/mdrp/instance';
import { movesByCourier, ON_LOCATION, type MdrpMove, type MdrpSolution } from '@/lib/engine/server/mdrp/solution';
import type { MdrpRule } from '@/lib/engine/server/internal/mdrp/check-solution';

/** A courier's timeline as the evaluator builds it: [on_time, departure, arrival, …], '' while moving. */
export interface Timeline {
  moves: MdrpMove[];
  times: number[];
  places: string[];
  driving: number;
}

/** Index in the timeline of the arrival of move `j` (0-based); index 0 is the on-location. */
export const arrivalIndex = (j: number) => 2 * j + 2;

/** Python's bisect.bisect_left, on the list as it is (sorted or not). */
function bisectLeft(list: readonly number[], x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if ((list[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where is the courier at `time`: the evaluator's bisect (the last event strictly before it); -1 before its on_time. */
export const stayAt = (timeline: Timeline, time: number) => bisectLeft(timeline.times, time) - 1;

/**
 * The timelines of the couriers with moves, flagging discontinuous moves, unknown places and a
 * timeline that goes back in time.
 */
export function buildTimelines(
  instance: MdrpInstance,
  solution: MdrpSolution,
  flag: (rule: MdrpRule, message: string) => void,
): Map<string, Timeline> {
  const couriers = new Map(instance.couriers.map((c) => [c.id, c]));
  const locations = new Map<string, MdrpPoint>();
  for (const point of [...instance.orders, ...instance.restaurants, ...instance.couriers]) locations.set(point.id, point);

  const timelines = new Map<string, Timeline>();
  for (const [courierId, moves] of movesByCourier(solution.moves, false)) {
    const courier = couriers.get(courierId);
    if (!courier) {
      flag('unknown-id', `moves of courier ${courierId}, not in the instance`);
      continue;
    }
    const timeline: Timeline = { moves, times: [courier.onTime], places: [courierId], driving: 0 };
    moves.forEach((move, j) => {
      const origin = move.origin === ON_LOCATION ? courierId : move.origin;
      const here = timeline.places.at(-1);
      if (origin !== here) {
        flag('moves-discontinuous', `courier ${courierId} move ${j + 1} leaves from ${move.origin} at ${move.departureTime} but is at ${here}`);
      }
      const from = locations.get(origin);
      const to = locations.get(move.destination);
      if (!from) flag('unknown-id', `courier ${courierId} move ${j + 1} leaves from ${move.origin}, not a place of the instance`);
      if (!to) flag('unknown-id', `courier ${courierId} move ${j + 1} goes to ${move.destination}, not a place of the instance`);
      const travel = from && to ? travelMinutes(instance, from, to) : 0;
      timeline.times.push(move.departureTime, move.departureTime + travel);
      timeline.places.push('', move.destination);
      timeline.driving += travel;
    });
    const back = timeline.times.findIndex((t, k) => k > 0 && t < (timeline.times[k - 1] as number));
    if (back > 0) {
      const j = Math.floor((back - 1) / 2);
      const before = back === 1 ? `its on_time ${courier.onTime}` : `its arrival at ${timeline.places[back - 1]} at ${timeline.times[back - 1]}`;
      flag('departure-before-arrival', `courier ${courierId} move ${j + 1} leaves at ${timeline.times[back]}, before ${before}`);
    }
    timelines.set(courierId, timeline);
  }
  return timelines;
}
