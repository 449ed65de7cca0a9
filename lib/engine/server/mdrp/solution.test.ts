import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSolution } from '@/lib/engine/server/internal/mdrp/check-solution';
import { handBuiltInstance, handBuiltSolution, violationCases } from '@/lib/engine/server/internal/mdrp/check-solution.fixtures';
import { MdrpFormatError } from '@/lib/engine/server/internal/mdrp/instance';
import { formatSolution, movesByCourier, parseSolution, readSolution, writeSolution, type MdrpSolution } from '@/lib/engine/server/mdrp/solution';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'mdrp-solution-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The hand-built solution with its moves interleaved across couriers and out of time order. */
function shuffled(): MdrpSolution {
  const solution = handBuiltSolution();
  const [a, b, c, d, e, f, g] = solution.moves;
  solution.moves = [d!, b!, g!, a!, e!, c!, f!];
  return solution;
}

describe('writeSolution', () => {
  it('writes the evaluator’s three files: single spaces, a header, each courier’s moves together in time order', async () => {
    const dir = path.join(root, 'written');
    await writeSolution(dir, shuffled());
    const read = (file: string) => readFile(path.join(dir, file), 'utf8');
    expect(await read('solution_info_assignments.txt')).toBe(
      'assignment_time pickup_time courier orders\n2 12 c1 o1 o2\n5 15 c2 o3\n40 55 c2 o5\n',
    );
    expect(await read('solution_info_orders.txt')).toBe(
      'order placement_time ready_time pickup_time dropoff_time courier\n' +
        'o1 0 10 12 21 c1\no2 2 12 12 28 c1\no3 5 15 15 29 c2\no5 20 55 55 64 c2\n',
    );
    expect(await read('solution_info_couriers.txt')).toBe(
      'courier departure_time origin destination\n' +
        'c2 5 0 r2\nc2 17 r2 o3\nc2 40 o3 r2\nc2 57 r2 o5\n' +
        'c1 2 0 r1\nc1 14 r1 o1\nc1 23 o1 o2\n',
    );
  });

  it('refuses an id that would break the space-separated line', () => {
    const solution = handBuiltSolution();
    solution.assignments[0]!.courier = 'c 1';
    expect(() => formatSolution(solution)).toThrow(MdrpFormatError);
  });
});

describe('readSolution', () => {
  it('reads back what writeSolution wrote', async () => {
    const dir = path.join(root, 'round-trip');
    await writeSolution(dir, handBuiltSolution());
    expect(await readSolution(dir)).toEqual(handBuiltSolution());
  });

  it('reads back each courier’s moves grouped and in time order', async () => {
    const dir = path.join(root, 'shuffled');
    await writeSolution(dir, shuffled());
    const back = await readSolution(dir);
    expect(back.moves).toEqual([...movesByCourier(shuffled().moves).values()].flat());
    expect(movesByCourier(back.moves)).toEqual(movesByCourier(handBuiltSolution().moves));
  });

  it('gives the same verdict and violations as the solution it was written from', async () => {
    for (const c of violationCases) {
      const instance = handBuiltInstance();
      const solution = handBuiltSolution();
      c.breakIt(instance, solution);
      const dir = path.join(root, 'cases');
      await writeSolution(dir, solution);
      expect(checkSolution(instance, await readSolution(dir)), c.name).toEqual(checkSolution(instance, solution));
    }
  });

  it('names a missing file', async () => {
    await expect(readSolution(path.join(root, 'nowhere'))).rejects.toThrow('solution_info_assignments.txt: cannot read it');
  });
});

describe('parseSolution', () => {
  const texts = formatSolution(handBuiltSolution());

  it('reads the orders file by column name and skips blank lines', () => {
    const orders = 'courier order pickup_time dropoff_time ready_time placement_time\r\n\r\nc1 o1 12 21 10 0\r\n';
    expect(parseSolution({ ...texts, orders }).orders).toEqual([
      { order: 'o1', placementTime: 0, readyTime: 10, pickupTime: 12, dropoffTime: 21, courier: 'c1' },
    ]);
  });

  it('reads an assignment without orders (for the checker to refuse)', () => {
    const assignments = 'assignment_time pickup_time courier orders\n60 60 c3\n';
    expect(parseSolution({ ...texts, assignments }).assignments).toEqual([{ assignmentTime: 60, pickupTime: 60, courier: 'c3', orders: [] }]);
  });

  it.each([
    ['a time that is not a number', { assignments: 'h\n2 x12 c1 o1\n' }, "solution_info_assignments.txt:2 pickup_time: 'x12' is not a number"],
    ['a time that is not whole', { moves: 'h\nc1 2.5 0 r1\n' }, "solution_info_couriers.txt:2 departure_time: '2.5' is not a whole number"],
    ['a short assignment line', { assignments: 'h\n2 12\n' }, 'solution_info_assignments.txt:2: expected at least 3 fields, found 2'],
    ['a short move line', { moves: 'h\nc1 2 0\n' }, 'solution_info_couriers.txt:2: expected at least 4 fields, found 3'],
    ['a missing orders column', { orders: 'order placement_time ready_time pickup_time courier\no1 0 10 12 c1\n' }, "missing column 'dropoff_time'"],
    ['moves of a courier in two blocks', { moves: 'h\nc1 2 0 r1\nc2 5 0 r2\nc1 14 r1 o1\n' }, 'solution_info_couriers.txt:4: the moves of courier c1 are not contiguous'],
    ['a destination 0', { moves: 'h\nc1 2 r1 0\n' }, "'0' is reserved"],
  ])('refuses %s, naming the file and line', (_, broken, message) => {
    expect(() => parseSolution({ ...texts, ...broken })).toThrow(MdrpFormatError);
    expect(() => parseSolution({ ...texts, ...broken })).toThrow(message);
  });
});
