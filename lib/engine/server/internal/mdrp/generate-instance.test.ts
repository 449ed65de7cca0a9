import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { handBuiltInstance } from '@/lib/engine/server/internal/mdrp/check-solution.fixtures';
import { generateInstance, MDRP_INSTANCE_PARAMS, seededRandom, writeInstance, type GenerateOptions } from '@/lib/engine/server/internal/mdrp/generate-instance';
import { readInstance, travelMinutes } from '@/lib/engine/server/internal/mdrp/instance';

const options: GenerateOptions = { seed: 42, orders: 300, restaurants: 30, couriers: 40, minutes: 720 };

describe('generateInstance', () => {
  it('is deterministic per seed and never calls Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const a = generateInstance(options);
    expect(generateInstance(options)).toEqual(a);
    expect(generateInstance({ ...options, seed: 43 })).not.toEqual(a);
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
  });

  it('has the asked sizes, ids and the public instances’ parameters', () => {
    const instance = generateInstance(options);
    expect(instance.orders).toHaveLength(300);
    expect(instance.restaurants).toHaveLength(30);
    expect(instance.couriers).toHaveLength(40);
    expect(instance.orders.map((o) => o.id).slice(0, 3)).toEqual(['o1', 'o2', 'o3']);
    expect(instance.params).toEqual(MDRP_INSTANCE_PARAMS);
    expect(generateInstance({ ...options, params: { metersPerMinute: 419 } }).params.metersPerMinute).toBe(419);
  });

  it('has a realistic shape: 10 km city, 5–25 min preparation, 1–4 h shifts on quarter hours, deliveries within 5 km', () => {
    const instance = generateInstance(options);
    const restaurants = new Map(instance.restaurants.map((r) => [r.id, r]));
    for (const p of [...instance.restaurants, ...instance.orders, ...instance.couriers]) {
      expect(Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true);
      expect(Math.min(p.x, p.y)).toBeGreaterThanOrEqual(0);
      expect(Math.max(p.x, p.y)).toBeLessThanOrEqual(10_000);
    }
    let previous = 0;
    let totalDistance = 0;
    for (const o of instance.orders) {
      expect(o.placementTime).toBeGreaterThanOrEqual(previous);
      expect(o.placementTime).toBeLessThan(720);
      expect(o.readyTime - o.placementTime).toBeGreaterThanOrEqual(5);
      expect(o.readyTime - o.placementTime).toBeLessThanOrEqual(25);
      const r = restaurants.get(o.restaurant)!;
      const distance = Math.hypot(o.x - r.x, o.y - r.y);
      expect(distance).toBeLessThanOrEqual(5_001);
      totalDistance += distance;
      previous = o.placementTime;
    }
    const meanDistance = totalDistance / instance.orders.length;
    expect(meanDistance).toBeGreaterThan(1_200);
    expect(meanDistance).toBeLessThan(3_000);
    for (const c of instance.couriers) {
      expect(c.onTime % 15).toBe(0);
      expect((c.offTime - c.onTime) % 30).toBe(0);
      expect(c.offTime - c.onTime).toBeGreaterThanOrEqual(60);
      expect(c.offTime - c.onTime).toBeLessThanOrEqual(240);
      expect(c.offTime).toBeLessThanOrEqual(720);
    }
    // Some restaurants are busier than others.
    const perRestaurant = instance.restaurants.map((r) => instance.orders.filter((o) => o.restaurant === r.id).length);
    expect(Math.max(...perRestaurant)).toBeGreaterThan(2 * (300 / 30));
    expect(travelMinutes(instance, { x: 0, y: 0 }, { x: 10_000, y: 0 })).toBe(32);
  });

  it('refuses sizes that make no sense', () => {
    expect(() => generateInstance({ ...options, orders: -1 })).toThrow(RangeError);
    expect(() => generateInstance({ ...options, restaurants: 0 })).toThrow('orders need at least one restaurant');
    expect(() => generateInstance({ ...options, minutes: 0 })).toThrow(RangeError);
  });
});

describe('seededRandom', () => {
  it('gives the same floats in [0, 1) for the same seed', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(seededRandom(2)()).not.toBe(values[0]);
  });
});

describe('writeInstance', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mdrp-generated-'));
    dirs.push(dir);
    return dir;
  };

  it('round-trips through readInstance', async () => {
    for (const instance of [generateInstance(options), handBuiltInstance()]) {
      const dir = await tempDir();
      await writeInstance(dir, instance);
      expect(await readInstance(dir)).toEqual(instance);
    }
  });

  it('writes the public instances’ headers, tab-separated', async () => {
    const dir = await tempDir();
    await writeInstance(dir, handBuiltInstance());
    expect(await readFile(path.join(dir, 'instance_parameters.txt'), 'utf8')).toBe(
      'meters_per_minute\tpickup service minutes\tdropoff service minutes\ttarget click-to-door\tmaximum click-to-door\tpay per order\tguaranteed pay per hour\n' +
        '320\t4\t4\t40\t90\t10\t15\n',
    );
    expect((await readFile(path.join(dir, 'couriers.txt'), 'utf8')).split('\n').slice(0, 2)).toEqual([
      'courier\tx\ty\ton_time\toff_time',
      'c1\t-640\t0\t0\t120',
    ]);
  });
});
