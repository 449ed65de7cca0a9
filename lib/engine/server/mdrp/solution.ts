/**
 * An MDRP solution in the three files the official evaluator (compute_performance_summary.py)
 * reads: space-separated, a header line first.
 * - solution_info_assignments.txt: `assignment_time pickup_time courier order [order …]`, the
 *   orders in delivery sequence;
 * - solution_info_orders.txt: `order placement_time ready_time pickup_time dropoff_time courier`,
 *   one line per delivered order;
 * - solution_info_couriers.txt: `courier departure_time origin destination`, one line per move,
 *   each courier's moves contiguous and in time order; origin `0` is the courier's on-location.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { columnIndexes, MdrpFormatError, parseId, parseNumber, readTextFiles, splitTable } from '@/lib/engine/server/internal/mdrp/instance';

export interface MdrpAssignment {
  assignmentTime: number;
  pickupTime: number;
  courier: string;
  /** In delivery sequence. */
  orders: string[];
}

export interface MdrpOrderRecord {
  order: string;
  placementTime: number;
  readyTime: number;
  pickupTime: number;
  dropoffTime: number;
  courier: string;
}

export interface MdrpMove {
  courier: string;
  departureTime: number;
  /** `ON_LOCATION` ('0') for the courier's on-location, otherwise a restaurant, order (or courier) id. */
  origin: string;
  destination: string;
}

export interface MdrpSolution {
  assignments: MdrpAssignment[];
  orders: MdrpOrderRecord[];
  moves: MdrpMove[];
}

/** The origin of a move that leaves the courier's on-location. */
export const ON_LOCATION = '0';

export const SOLUTION_FILES = {
  assignments: 'solution_info_assignments.txt',
  orders: 'solution_info_orders.txt',
  moves: 'solution_info_couriers.txt',
} as const;

const ASSIGNMENT_COLUMNS = ['assignment_time', 'pickup_time', 'courier', 'orders'] as const;
const ORDER_COLUMNS = ['order', 'placement_time', 'ready_time', 'pickup_time', 'dropoff_time', 'courier'] as const;
const MOVE_COLUMNS = ['courier', 'departure_time', 'origin', 'destination'] as const;

/**
 * The moves of each courier, couriers in order of first appearance; with `sortByTime` each
 * courier's moves are stably sorted by departure time (moves leaving at the same minute keep their
 * order), otherwise they keep the order of `moves`. `writeSolution` writes them sorted.
 */
export function movesByCourier(moves: readonly MdrpMove[], sortByTime = true): Map<string, MdrpMove[]> {
  const byCourier = new Map<string, MdrpMove[]>();
  for (const move of moves) {
    const list = byCourier.get(move.courier);
    if (list) list.push(move);
    else byCourier.set(move.courier, [move]);
  }
  if (sortByTime) for (const list of byCourier.values()) list.sort((a, b) => a.departureTime - b.departureTime);
  return byCourier;
}

const line = (cells: (string | number)[]) => cells.map(String).join(' ');

function checkToken(value: string, what: string) {
  if (value === '' || /\s/.test(value)) throw new MdrpFormatError(`${what}: '${value}' cannot be written to a space-separated file`);
  return value;
}

/** The three files' contents. */
export function formatSolution(solution: MdrpSolution): Record<keyof typeof SOLUTION_FILES, string> {
  const assignments = [
    line([...ASSIGNMENT_COLUMNS]),
    ...solution.assignments.map((a) =>
      line([a.assignmentTime, a.pickupTime, checkToken(a.courier, 'courier'), ...a.orders.map((o) => checkToken(o, 'order'))]),
    ),
  ];
  const orders = [
    line([...ORDER_COLUMNS]),
    ...solution.orders.map((o) =>
      line([checkToken(o.order, 'order'), o.placementTime, o.readyTime, o.pickupTime, o.dropoffTime, checkToken(o.courier, 'courier')]),
    ),
  ];
  const moves = [line([...MOVE_COLUMNS])];
  for (const [courier, list] of movesByCourier(solution.moves)) {
    for (const m of list) {
      moves.push(line([checkToken(courier, 'courier'), m.departureTime, checkToken(m.origin, 'origin'), checkToken(m.destination, 'destination')]));
    }
  }
  const text = (lines: string[]) => `${lines.join('\n')}\n`;
  return { assignments: text(assignments), orders: text(orders), moves: text(moves) };
}

/** Writes the three solution files into `dir` (created if missing). */
export async function writeSolution(dir: string, solution: MdrpSolution): Promise<void> {
  const texts = formatSolution(solution);
  await mkdir(dir, { recursive: true });
  await Promise.all(
    (Object.keys(SOLUTION_FILES) as (keyof typeof SOLUTION_FILES)[]).map((kind) =>
      writeFile(path.join(dir, SOLUTION_FILES[kind]), texts[kind]),
    ),
  );
}

/** Parses the three files' contents (see `readSolution`). */
export function parseSolution(texts: Record<keyof typeof SOLUTION_FILES, string>): MdrpSolution {
  // Assignments and moves are read by position, as the evaluator does (it skips the header line).
  const assignmentFile = SOLUTION_FILES.assignments;
  const assignments = splitTable(texts.assignments, assignmentFile, 'space', 3).rows.map(({ line: n, cells }) => {
    const where = `${assignmentFile}:${n}`;
    return {
      assignmentTime: parseNumber(cells[0], `${where} assignment_time`, true),
      pickupTime: parseNumber(cells[1], `${where} pickup_time`, true),
      courier: parseId(cells[2], `${where} courier`),
      orders: cells.slice(3).map((o, i) => parseId(o, `${where} order ${i + 1}`)),
    };
  });

  // The orders file is read by column name, as pandas does.
  const orderFile = SOLUTION_FILES.orders;
  const orderTable = splitTable(texts.orders, orderFile, 'space');
  const at = columnIndexes(orderTable.header, ORDER_COLUMNS, orderFile);
  const orders = orderTable.rows.map(({ line: n, cells }) => {
    const where = `${orderFile}:${n}`;
    return {
      order: parseId(cells[at.order], `${where} order`),
      placementTime: parseNumber(cells[at.placement_time], `${where} placement_time`, true),
      readyTime: parseNumber(cells[at.ready_time], `${where} ready_time`, true),
      pickupTime: parseNumber(cells[at.pickup_time], `${where} pickup_time`, true),
      dropoffTime: parseNumber(cells[at.dropoff_time], `${where} dropoff_time`, true),
      courier: parseId(cells[at.courier], `${where} courier`),
    };
  });

  const moveFile = SOLUTION_FILES.moves;
  const moves: MdrpMove[] = [];
  const closed = new Set<string>();
  for (const { line: n, cells } of splitTable(texts.moves, moveFile, 'space', 4).rows) {
    const where = `${moveFile}:${n}`;
    const courier = parseId(cells[0], `${where} courier`);
    const previous = moves.at(-1)?.courier;
    if (previous !== undefined && previous !== courier) closed.add(previous);
    // The evaluator keeps only a courier's last block of lines: say so rather than guess.
    if (closed.has(courier)) throw new MdrpFormatError(`${where}: the moves of courier ${courier} are not contiguous`);
    const origin = cells[2]?.trim() === ON_LOCATION ? ON_LOCATION : parseId(cells[2], `${where} origin`);
    moves.push({
      courier,
      departureTime: parseNumber(cells[1], `${where} departure_time`, true),
      origin,
      destination: parseId(cells[3], `${where} destination`),
    });
  }
  return { assignments, orders, moves };
}

/** Reads the three solution files from `dir`. */
export async function readSolution(dir: string): Promise<MdrpSolution> {
  const [assignments, orders, moves] = await readTextFiles(dir, [SOLUTION_FILES.assignments, SOLUTION_FILES.orders, SOLUTION_FILES.moves]);
  return parseSolution({ assignments: assignments!, orders: orders!, moves: moves! });
}
