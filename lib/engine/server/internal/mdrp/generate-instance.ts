/**
 * Small deterministic MDRP-shaped instances for tests that must not read the public ones, and
 * `writeInstance` to put any instance in the public instances' file format.
 *
 * The shape follows the public instances: a city of about 10 km with restaurants gathered in a few
 * districts, deliveries up to about 5 km from their restaurant (2 km on average), orders placed
 * round a lunch and a dinner peak, food ready 5–25 minutes after placement, couriers on shifts of
 * 1–4 hours starting on a quarter hour near the restaurants, 320 m/min, and the instances'
 * service times, targets and pay.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  INSTANCE_COLUMNS,
  INSTANCE_FILES,
  type MdrpCourier,
  type MdrpInstance,
  type MdrpOrder,
  type MdrpParams,
  type MdrpRestaurant,
} from '@/lib/engine/server/internal/mdrp/instance';

export interface GenerateOptions {
  seed: number;
  orders: number;
  restaurants: number;
  couriers: number;
  /** The day: orders are placed in [0, minutes), and shifts start in it. */
  minutes: number;
  /** Side of the square city, metres (10 000). */
  citySizeMeters?: number;
  /** Longest distance from a restaurant to its deliveries, metres (5 000). */
  maxDeliveryMeters?: number;
  /** Preparation time range, whole minutes inclusive ([5, 25]). */
  prepMinutes?: readonly [number, number];
  /** Shift length range, whole hours inclusive ([1, 4]); shifts last a whole number of half hours. */
  shiftHours?: readonly [number, number];
  /** Overrides of the public instances' parameters (320 m/min, 4 + 4 min service, 40/90 min, 10 per order, 15 per hour). */
  params?: Partial<MdrpParams>;
}

export const MDRP_INSTANCE_PARAMS: MdrpParams = {
  metersPerMinute: 320,
  pickupServiceMinutes: 4,
  dropoffServiceMinutes: 4,
  targetClickToDoor: 40,
  maxClickToDoor: 90,
  payPerOrder: 10,
  guaranteedPayPerHour: 15,
};

/** mulberry32: a small seeded PRNG giving floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateInstance(options: GenerateOptions): MdrpInstance {
  const {
    seed,
    minutes,
    citySizeMeters: city = 10_000,
    maxDeliveryMeters = 5_000,
    prepMinutes: [prepMin, prepMax] = [5, 25],
    shiftHours: [shiftMin, shiftMax] = [1, 4],
  } = options;
  for (const [name, value] of [
    ['orders', options.orders],
    ['restaurants', options.restaurants],
    ['couriers', options.couriers],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${value}`);
  }
  if (options.orders > 0 && options.restaurants < 1) throw new RangeError('orders need at least one restaurant');
  if (!Number.isInteger(minutes) || minutes < 1) throw new RangeError(`minutes must be a whole number ≥ 1, got ${minutes}`);
  if (!(prepMin <= prepMax && shiftMin <= shiftMax && shiftMin > 0)) throw new RangeError('empty preparation or shift range');

  const random = seededRandom(seed);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const clamp = (v: number) => Math.round(Math.min(city, Math.max(0, v)));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

  // Districts, then restaurants round them.
  const districts = Array.from({ length: Math.max(1, Math.min(5, Math.ceil(options.restaurants / 8))) }, () => ({
    x: city * (0.2 + 0.6 * random()),
    y: city * (0.2 + 0.6 * random()),
  }));
  const restaurants: MdrpRestaurant[] = Array.from({ length: options.restaurants }, (_, i) => {
    const district = pick(districts);
    return { id: `r${i + 1}`, x: clamp(district.x + 800 * normal()), y: clamp(district.y + 800 * normal()) };
  });
  // Some restaurants are much busier than others.
  const weights = restaurants.map(() => -Math.log(1 - random()));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const busyRestaurant = () => {
    let u = random() * totalWeight;
    for (let i = 0; i < restaurants.length; i++) {
      u -= weights[i] as number;
      if (u < 0) return restaurants[i] as MdrpRestaurant;
    }
    return restaurants[restaurants.length - 1] as MdrpRestaurant;
  };

  // Placement: a lunch and a dinner peak over a flat background.
  const placement = () => {
    const u = random();
    const t = u < 0.2 ? random() * minutes : (u < 0.55 ? 0.3 : 0.75) * minutes + 0.08 * minutes * normal();
    return Math.min(minutes - 1, Math.max(0, Math.floor(t)));
  };
  const drafts = Array.from({ length: options.orders }, () => {
    const restaurant = busyRestaurant();
    // Mostly short deliveries, a few long ones: about 2 km on average.
    const distance = Math.min(maxDeliveryMeters, 200 + 1_900 * -Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    const placementTime = placement();
    return {
      x: clamp(restaurant.x + distance * Math.cos(angle)),
      y: clamp(restaurant.y + distance * Math.sin(angle)),
      placementTime,
      restaurant: restaurant.id,
      readyTime: placementTime + between(prepMin, prepMax),
    };
  });
  drafts.sort((a, b) => a.placementTime - b.placementTime);
  const orders: MdrpOrder[] = drafts.map((d, i) => ({ id: `o${i + 1}`, ...d }));

  const drafted = Array.from({ length: options.couriers }, () => {
    const shift = 30 * between(2 * shiftMin, 2 * shiftMax);
    const latestStart = Math.max(0, minutes - shift);
    const onTime = 15 * Math.floor((random() * (latestStart + 1)) / 15);
    const near = restaurants.length > 0 ? pick(restaurants) : { x: city / 2, y: city / 2 };
    return { x: clamp(near.x + 1_500 * normal()), y: clamp(near.y + 1_500 * normal()), onTime, offTime: onTime + shift };
  });
  drafted.sort((a, b) => a.onTime - b.onTime);
  const couriers: MdrpCourier[] = drafted.map((d, i) => ({ id: `c${i + 1}`, ...d }));

  return { restaurants, orders, couriers, params: { ...MDRP_INSTANCE_PARAMS, ...options.params } };
}

/** The four files' contents, tab-separated with the public instances' headers. */
export function formatInstance(instance: MdrpInstance): Record<keyof typeof INSTANCE_FILES, string> {
  const table = (header: readonly string[], rows: (string | number)[][]) =>
    `${[header, ...rows].map((cells) => cells.map(String).join('\t')).join('\n')}\n`;
  const p = instance.params;
  return {
    restaurants: table(
      INSTANCE_COLUMNS.restaurants,
      instance.restaurants.map((r) => [r.id, r.x, r.y]),
    ),
    orders: table(
      INSTANCE_COLUMNS.orders,
      instance.orders.map((o) => [o.id, o.x, o.y, o.placementTime, o.restaurant, o.readyTime]),
    ),
    couriers: table(
      INSTANCE_COLUMNS.couriers,
      instance.couriers.map((c) => [c.id, c.x, c.y, c.onTime, c.offTime]),
    ),
    params: table(INSTANCE_COLUMNS.params, [
      [p.metersPerMinute, p.pickupServiceMinutes, p.dropoffServiceMinutes, p.targetClickToDoor, p.maxClickToDoor, p.payPerOrder, p.guaranteedPayPerHour],
    ]),
  };
}

/** Writes an instance into `dir` (created if missing) in the public instances' format. */
export async function writeInstance(dir: string, instance: MdrpInstance): Promise<void> {
  const texts = formatInstance(instance);
  await mkdir(dir, { recursive: true });
  await Promise.all(
    (Object.keys(INSTANCE_FILES) as (keyof typeof INSTANCE_FILES)[]).map((kind) => writeFile(path.join(dir, INSTANCE_FILES[kind]), texts[kind])),
  );
}
