import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MDRP_INSTANCE_PARAMS } from '@/lib/engine/server/internal/mdrp/generate-instance';
import { MdrpFormatError, parseInstance, readInstance, travelMinutes, type InstanceTexts } from '@/lib/engine/server/internal/mdrp/instance';

// The public instances' layout: tab-separated, a header line, a trailing newline.
const texts: InstanceTexts = {
  restaurants: 'restaurant\tx\ty\nr1\t8708\t5633\nr2\t9103\t6345\n',
  orders: 'order\tx\ty\tplacement_time\trestaurant\tready_time\no1\t9131\t7497\t743\tr1\t753\no2\t9024\t6677\t541\tr2\t557\n',
  couriers: 'courier\tx\ty\ton_time\toff_time\nc1\t11491\t2806\t0\t90\n',
  params:
    'meters_per_minute\tpickup service minutes\tdropoff service minutes\ttarget click-to-door\tmaximum click-to-door\tpay per order\tguaranteed pay per hour\n' +
    '320\t4\t4\t40\t90\t10\t15\n',
};

describe('parseInstance', () => {
  it('reads the four files into typed arrays', () => {
    expect(parseInstance(texts)).toEqual({
      restaurants: [
        { id: 'r1', x: 8708, y: 5633 },
        { id: 'r2', x: 9103, y: 6345 },
      ],
      orders: [
        { id: 'o1', x: 9131, y: 7497, placementTime: 743, restaurant: 'r1', readyTime: 753 },
        { id: 'o2', x: 9024, y: 6677, placementTime: 541, restaurant: 'r2', readyTime: 557 },
      ],
      couriers: [{ id: 'c1', x: 11491, y: 2806, onTime: 0, offTime: 90 }],
      params: MDRP_INSTANCE_PARAMS,
    });
  });

  it('accepts CRLF line ends, blank lines and columns in another order', () => {
    const crlf = {
      ...texts,
      orders: 'order\trestaurant\tx\ty\tready_time\tplacement_time\r\no1\tr1\t9131\t7497\t753\t743\r\n\r\no2\tr2\t9024\t6677\t557\t541\r\n',
    };
    expect(parseInstance(crlf)).toEqual(parseInstance(texts));
  });

  it.each([
    ['a missing column', { orders: 'order\tx\ty\tplacement_time\tready_time\no1\t1\t2\t3\t4\n' }, "orders.txt: missing column 'restaurant'"],
    ['a short line', { couriers: 'courier\tx\ty\ton_time\toff_time\nc1\t1\t2\t0\n' }, 'couriers.txt:2: expected 5 fields, found 4'],
    ['a cell that is not a number', { restaurants: 'restaurant\tx\ty\nr1\t87o8\t5633\nr2\t1\t2\n' }, "restaurants.txt:2 x: '87o8' is not a number"],
    ['a time that is not whole', { couriers: 'courier\tx\ty\ton_time\toff_time\nc1\t1\t2\t0\t90.5\n' }, "couriers.txt:2 off_time: '90.5' is not a whole number"],
    ['an id used twice', { couriers: 'courier\tx\ty\ton_time\toff_time\nr1\t1\t2\t0\t90\n' }, "couriers.txt:2: id 'r1' already used at restaurants.txt:2"],
    ['an order of an unknown restaurant', { orders: 'order\tx\ty\tplacement_time\trestaurant\tready_time\no1\t1\t2\t3\tr9\t4\n' }, "names restaurant 'r9'"],
    ['a courier off before on', { couriers: 'courier\tx\ty\ton_time\toff_time\nc1\t1\t2\t90\t0\n' }, 'goes off (0) before it goes on (90)'],
    ['two lines of parameters', { params: `${texts.params}320\t4\t4\t40\t90\t10\t15\n` }, 'instance_parameters.txt: expected one line of values, found 2'],
    ['an empty file', { restaurants: '' }, 'restaurants.txt: empty file'],
    ['the reserved id 0', { restaurants: 'restaurant\tx\ty\n0\t1\t2\n' }, "'0' is reserved"],
  ])('refuses %s, naming the file and line', (_, broken, message) => {
    expect(() => parseInstance({ ...texts, ...broken })).toThrow(MdrpFormatError);
    expect(() => parseInstance({ ...texts, ...broken })).toThrow(message);
  });
});

describe('readInstance', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mdrp-instance-'));
    await Promise.all([
      writeFile(path.join(dir, 'restaurants.txt'), texts.restaurants),
      writeFile(path.join(dir, 'orders.txt'), texts.orders),
      writeFile(path.join(dir, 'couriers.txt'), texts.couriers),
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names a missing file', async () => {
    await expect(readInstance(dir)).rejects.toThrow('instance_parameters.txt: cannot read it');
  });

  it('reads a directory', async () => {
    await writeFile(path.join(dir, 'instance_parameters.txt'), texts.params);
    expect(await readInstance(dir)).toEqual(parseInstance(texts));
  });
});

describe('travelMinutes', () => {
  const instance = parseInstance(texts);
  it('is ceil(euclidean distance / metres per minute)', () => {
    const o = { x: 0, y: 0 };
    expect(travelMinutes(instance, o, o)).toBe(0);
    expect(travelMinutes(instance, o, { x: 320, y: 0 })).toBe(1);
    expect(travelMinutes(instance, o, { x: 321, y: 0 })).toBe(2);
    expect(travelMinutes(instance, o, { x: 3 * 320, y: 4 * 320 })).toBe(5);
    expect(travelMinutes(instance, { x: 1000, y: 1000 }, { x: 0, y: 0 })).toBe(5); // 1414.2 m
  });

  it('is the same both ways', () => {
    const [a, b] = instance.orders;
    expect(travelMinutes(instance, a!, b!)).toBe(travelMinutes(instance, b!, a!));
    expect(travelMinutes(instance, a!, b!)).toBe(3); // 827 m
  });
});
