/**
 * An MDRP instance (Reyes et al. 2018, the Grubhub Meal Delivery Routing Problem): four
 * tab-separated files with a header line — restaurants.txt, orders.txt, couriers.txt and
 * instance_parameters.txt. Times are whole minutes from the start of the day, places are metres
 * on a plane, and travel takes ceil(distance / metres per minute) minutes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface MdrpPoint {
  id: string;
  x: number;
  y: number;
}

export type MdrpRestaurant = MdrpPoint;

export interface MdrpOrder extends MdrpPoint {
  placementTime: number;
  /** The restaurant's id. */
  restaurant: string;
  readyTime: number;
}

export interface MdrpCourier extends MdrpPoint {
  onTime: number;
  /** No pickup after it; drop-offs after it are allowed. */
  offTime: number;
}

export interface MdrpParams {
  metersPerMinute: number;
  pickupServiceMinutes: number;
  dropoffServiceMinutes: number;
  targetClickToDoor: number;
  maxClickToDoor: number;
  payPerOrder: number;
  guaranteedPayPerHour: number;
}

export interface MdrpInstance {
  restaurants: MdrpRestaurant[];
  orders: MdrpOrder[];
  couriers: MdrpCourier[];
  params: MdrpParams;
}

export const INSTANCE_FILES = {
  restaurants: 'restaurants.txt',
  orders: 'orders.txt',
  couriers: 'couriers.txt',
  params: 'instance_parameters.txt',
} as const;

/** The header of each instance file, as the public instances (and the evaluator) name the columns. */
export const INSTANCE_COLUMNS = {
  restaurants: ['restaurant', 'x', 'y'],
  orders: ['order', 'x', 'y', 'placement_time', 'restaurant', 'ready_time'],
  couriers: ['courier', 'x', 'y', 'on_time', 'off_time'],
  params: [
    'meters_per_minute',
    'pickup service minutes',
    'dropoff service minutes',
    'target click-to-door',
    'maximum click-to-door',
    'pay per order',
    'guaranteed pay per hour',
  ],
} as const;

/** A file that does not have the expected shape; the message names the file and the line. */
export class MdrpFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MdrpFormatError';
  }
}

/** One data line of a table: its 1-based line number in the file and its cells. */
export interface TableRow {
  line: number;
  cells: string[];
}

/**
 * Splits a table file into its header and data rows. `separator` 'tab' splits on single tabs
 * (cells may then hold spaces, as the instance parameters' header does); 'space' splits on runs of
 * blanks. Blank lines are skipped, CRLF is accepted, and every data row must have as many cells as
 * the header, or at least `minFields` when given (files read by position).
 */
export function splitTable(
  text: string,
  file: string,
  separator: 'tab' | 'space',
  minFields?: number,
): { header: string[]; rows: TableRow[] } {
  const split = (line: string) => (separator === 'tab' ? line.split('\t').map((cell) => cell.trim()) : line.trim().split(/\s+/));
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  let header: string[] | undefined;
  const rows: TableRow[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const cells = split(line);
    if (!header) {
      header = cells;
      return;
    }
    const lineNo = index + 1;
    if (minFields === undefined ? cells.length !== header.length : cells.length < minFields) {
      const expected = minFields === undefined ? `${header.length}` : `at least ${minFields}`;
      throw new MdrpFormatError(`${file}:${lineNo}: expected ${expected} fields, found ${cells.length}`);
    }
    rows.push({ line: lineNo, cells });
  });
  if (!header) throw new MdrpFormatError(`${file}: empty file (no header line)`);
  return { header, rows };
}

/** The position of each wanted column in `header`; a missing column is an error naming it. */
export function columnIndexes<const C extends string>(
  header: readonly string[],
  wanted: readonly C[],
  file: string,
): Record<C, number> {
  const indexes = {} as Record<C, number>;
  for (const column of wanted) {
    const at = header.indexOf(column);
    if (at < 0) throw new MdrpFormatError(`${file}: missing column '${column}' (header: ${header.join(', ')})`);
    indexes[column] = at;
  }
  return indexes;
}

/** A finite number, or (when `integer`) a whole one; anything else is an error naming the place. */
export function parseNumber(cell: string | undefined, where: string, integer = false): number {
  const value = cell === undefined || cell.trim() === '' ? Number.NaN : Number(cell);
  if (!Number.isFinite(value)) throw new MdrpFormatError(`${where}: '${cell ?? ''}' is not a number`);
  if (integer && !Number.isInteger(value)) throw new MdrpFormatError(`${where}: '${cell}' is not a whole number`);
  return value;
}

/** An id: non-empty, without blanks (the solution files are space-separated), and not '0' (the on-location). */
export function parseId(cell: string | undefined, where: string): string {
  const id = cell?.trim() ?? '';
  if (id === '' || /\s/.test(id)) throw new MdrpFormatError(`${where}: '${cell ?? ''}' is not an id`);
  if (id === '0') throw new MdrpFormatError(`${where}: '0' is reserved for a courier's on-location`);
  return id;
}

export interface InstanceTexts {
  restaurants: string;
  orders: string;
  couriers: string;
  params: string;
}

/** Parses the four files' contents (see `readInstance`). */
export function parseInstance(texts: InstanceTexts): MdrpInstance {
  const seen = new Map<string, string>();
  const unique = (id: string, where: string) => {
    const first = seen.get(id);
    if (first) throw new MdrpFormatError(`${where}: id '${id}' already used at ${first}`);
    seen.set(id, where);
    return id;
  };

  const table = <K extends keyof typeof INSTANCE_COLUMNS>(kind: K) => {
    const file = INSTANCE_FILES[kind];
    const { header, rows } = splitTable(texts[kind], file, 'tab');
    const at = columnIndexes(header, INSTANCE_COLUMNS[kind], file);
    return rows.map(({ line, cells }) => {
      type Column = (typeof INSTANCE_COLUMNS)[K][number];
      const where = `${file}:${line}`;
      // Each cell read by its column's name, which also names it in an error.
      const id = (column: Column) => parseId(cells[at[column]], `${where} ${column}`);
      const number = (column: Column, integer = false) => parseNumber(cells[at[column]], `${where} ${column}`, integer);
      return { where, id, number };
    });
  };

  /** A restaurant's, order's or courier's id (unique across the three files) and place. */
  const point = (row: { where: string; id(column: string): string; number(column: 'x' | 'y'): number }, idColumn: string): MdrpPoint => ({
    id: unique(row.id(idColumn), row.where),
    x: row.number('x'),
    y: row.number('y'),
  });

  const restaurants = table('restaurants').map((row) => point(row, 'restaurant'));
  const restaurantIds = new Set(restaurants.map((r) => r.id));

  const orders = table('orders').map((row) => {
    const order: MdrpOrder = {
      ...point(row, 'order'),
      placementTime: row.number('placement_time', true),
      restaurant: row.id('restaurant'),
      readyTime: row.number('ready_time', true),
    };
    if (!restaurantIds.has(order.restaurant)) {
      throw new MdrpFormatError(`${row.where}: order ${order.id} names restaurant '${order.restaurant}', not in ${INSTANCE_FILES.restaurants}`);
    }
    return order;
  });

  const couriers = table('couriers').map((row) => {
    const courier: MdrpCourier = {
      ...point(row, 'courier'),
      onTime: row.number('on_time', true),
      offTime: row.number('off_time', true),
    };
    if (courier.offTime < courier.onTime) {
      throw new MdrpFormatError(`${row.where}: courier ${courier.id} goes off (${courier.offTime}) before it goes on (${courier.onTime})`);
    }
    return courier;
  });

  const paramRows = table('params');
  const only = paramRows[0];
  if (paramRows.length !== 1 || !only) {
    throw new MdrpFormatError(`${INSTANCE_FILES.params}: expected one line of values, found ${paramRows.length}`);
  }
  const param = (column: (typeof INSTANCE_COLUMNS.params)[number]) => only.number(column);
  const params: MdrpParams = {
    metersPerMinute: param('meters_per_minute'),
    pickupServiceMinutes: param('pickup service minutes'),
    dropoffServiceMinutes: param('dropoff service minutes'),
    targetClickToDoor: param('target click-to-door'),
    maxClickToDoor: param('maximum click-to-door'),
    payPerOrder: param('pay per order'),
    guaranteedPayPerHour: param('guaranteed pay per hour'),
  };
  if (params.metersPerMinute <= 0) {
    throw new MdrpFormatError(`${only.where}: meters_per_minute must be positive, found ${params.metersPerMinute}`);
  }
  return { restaurants, orders, couriers, params };
}

/**
 * Reads `files` from `dir`, all at once; a file that cannot be read is reported by name, the
 * first such file in the order given (not whichever read failed first).
 */
export async function readTextFiles(dir: string, files: readonly string[]): Promise<string[]> {
  const results = await Promise.allSettled(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  return results.map((result, index) => {
    if (result.status === 'fulfilled') return result.value;
    const code = (result.reason as NodeJS.ErrnoException).code ?? String(result.reason);
    throw new MdrpFormatError(`${files[index]}: cannot read it in ${dir} (${code})`);
  });
}

/** Reads an instance directory (restaurants.txt, orders.txt, couriers.txt, instance_parameters.txt). */
export async function readInstance(dir: string): Promise<MdrpInstance> {
  const [restaurants, orders, couriers, params] = await readTextFiles(dir, [
    INSTANCE_FILES.restaurants,
    INSTANCE_FILES.orders,
    INSTANCE_FILES.couriers,
    INSTANCE_FILES.params,
  ]);
  return parseInstance({ restaurants: restaurants!, orders: orders!, couriers: couriers!, params: params! });
}

/** Travel time in whole minutes between two points: ceil(euclidean distance / metres per minute). */
export function travelMinutes(instance: Pick<MdrpInstance, 'params'>, a: Pick<MdrpPoint, 'x' | 'y'>, b: Pick<MdrpPoint, 'x' | 'y'>): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return Math.ceil(Math.sqrt(dx * dx + dy * dy) / instance.params.metersPerMinute);
}
