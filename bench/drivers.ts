// `npm run bench:drivers [-- --drivers 1000 --seconds 60 --create-rate 50]`
// Drivers' positions at fleet scale, on PostgreSQL, through the production server (`npm start`'s
// two processes on 2 cores): `drivers` signed-in drivers, each on one dispatch of their own
// (half before pickup, half after), each sending a position every 10 s through the driver app's
// route (POST /api/driver/positions) for `seconds`, staggered so the server sees drivers / 10
// positions a second; beside them, vendors create dispatches at `create-rate` a second, evenly
// paced (see driveCreates). Every
// driver's positions walk a straight line into its next stop's geofence and stay inside for the
// last three, so each dispatch must end with exactly one `near_pickup` or `near_destination`
// entry: the run counts lost and doubled ones. Writes bench/results/drivers.md and prints it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { benchOptions, createPostgresDatabase, jsonApi, machine, query, runBench, startServer, stopProcess } from '@/bench/support';
import { measureEngineRound, type RoundMeasure } from '@/bench/engine-round';
import { applyMigrations } from '@/lib/edge/server/migrate';
import { newSessionToken, SESSION_TTL_MS, sessionIdOf } from '@/lib/platform/server/auth/session-token';
import { SESSION_COOKIE } from '@/lib/platform/server/auth/session-cookie';
import { ensureBuild } from '@/scripts/ensure-build';

const cli = benchOptions();
/** The engine round measured after the positions: open dispatches and free drivers on duty. */
const ROUND_ORDERS = cli.number('round-orders', 300);
const ROUND_DRIVERS = cli.number('round-drivers', 1_000);
const DRIVERS = cli.number('drivers', 1_000);
const SECONDS = cli.number('seconds', 60);
const CREATE_RATE = cli.number('create-rate', 50);
const INTERVAL_MS = 10_000;
const PORT = '3220';
const BASE = `http://127.0.0.1:${PORT}`;
const OPS_TOKEN = 'bench-drivers-ops-token-0123456789';
const OPS = { authorization: `Bearer ${OPS_TOKEN}` };
/** Drivers beside the measured ones whose positions load the route's code in both server processes first. */
const WARMUP_DRIVERS = 20;
/** Distances (m) of a driver's positions from its next stop: the last three are inside the 200 m geofence. */
const APPROACH_M = [1_500, 1_000, 600, 150, 60, 0];
const M_PER_DEG_LAT = 111_320;

const api = jsonApi(BASE);

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

interface BenchDriver {
  id: string;
  cookie: string;
  dispatchId: string;
  /** The stop the driver is heading for, and the point 1.5 km north of it where it starts. */
  stop: { lat: number; lng: number };
  marker: 'near_pickup' | 'near_destination';
}

/** A place in Riyadh for driver `i`: spread over a grid, so no two stops are within a geofence of each other. */
function placeOf(i: number, offset: number) {
  return { lat: 24.6 + Math.floor(i / 40) * 0.01 + offset, lng: 46.6 + (i % 40) * 0.01 };
}

function order(i: number, vendorOid: string) {
  return {
    pickup: { ...placeOf(i, 0), address_line: `Pickup ${i}` },
    destination: { ...placeOf(i, 0.005), address_line: `Destination ${i}` },
    user_metadata: { id: `c${i}`, email: 'c@example.com', phone: '+966500000001', firstName: 'Bench' },
    vendor_id: 'bench',
    vendor_name: { 'en-us': 'Bench Kitchen' },
    vendor_oid: vendorOid,
    vendor_bid: 'b1',
    vendor_payload: { order_price: 42.5, currency: 'SAR', payment_type: 'CASH', order_details: [{ item_name: { 'en-us': 'Wrap' }, count: 2, price: 21.25 }] },
  };
}

/** Drivers with sessions, each assigned one dispatch; every other one already picked up. */
async function prepareDrivers(url: string, apiKey: string, count: number): Promise<BenchDriver[]> {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const drivers: BenchDriver[] = new Array(count);
  await inParallel(indexes, 10, async (i) => {
    const driver = await api('POST', '/api/ops/drivers', { name: `Bench driver ${i}` }, OPS);
    const dispatch = await api('POST', '/ext/dispatch', order(i, `bench-driver-${i}`), { 'x-api-key': apiKey });
    const dispatchId = dispatch.data.id!;
    await api('POST', `/api/ops/dispatches/${dispatchId}/assign`, { driver_id: driver.data.id }, OPS);
    const afterPickup = i % 2 === 1;
    if (afterPickup) {
      for (const status of ['accepted', 'picked_up']) await api('POST', `/api/ops/dispatches/${dispatchId}/status`, { status }, OPS);
    }
    const token = newSessionToken();
    drivers[i] = {
      id: driver.data.id!,
      cookie: `${SESSION_COOKIE}=${token}`,
      dispatchId,
      stop: placeOf(i, afterPickup ? 0.005 : 0),
      marker: afterPickup ? 'near_destination' : 'near_pickup',
    };
    // Signed in as the driver app would be: a driver user and a session as a sign-in leaves it,
    // good for SESSION_TTL_MS (the sign-in itself, Argon2id by design, is not what this measures).
    await query(
      url,
      `WITH u AS (INSERT INTO users (id, phone, name, password_hash, role, driver_id) VALUES ($1, $2, $3, 'not-a-hash', 'driver', $4) RETURNING id)
       INSERT INTO sessions (id, user_id, expires_at, credential_version) SELECT $5, u.id, now() + $6 * interval '1 millisecond', 0 FROM u`,
      [`usr_bench_${i}`, `+9665${String(10_000_000 + i)}`, `Bench driver ${i}`, driver.data.id, sessionIdOf(token), SESSION_TTL_MS],
    );
  });
  await query(url, 'UPDATE drivers SET on_duty = true');
  return drivers;
}

/**
 * A server process loads a route's code on its first request, and its first requests run before
 * the code is optimised: the warm-up drivers walk their approach once, all at once (their
 * connections spread over both processes), before anything is measured.
 */
async function warmUp(drivers: BenchDriver[]) {
  await Promise.all(
    drivers.map(async (driver) => {
      for (const metres of APPROACH_M) {
        const position = { lat: driver.stop.lat + metres / M_PER_DEG_LAT, lng: driver.stop.lng, at: new Date().toISOString() };
        await api('POST', '/api/driver/positions', { positions: [position] }, { cookie: driver.cookie, 'sec-fetch-site': 'same-origin' });
      }
    }),
  );
}

interface Sample {
  ms: number;
  /** When it was sent (epoch ms): to line a slow one up with the server's and PostgreSQL's logs. */
  sentAt: number;
  ok: boolean;
  /** Which of the driver's positions it was (0: the first, which starts the ETA). */
  round: number;
}

/** Every driver sends its positions, one every INTERVAL_MS, the drivers staggered evenly across the interval. */
async function drivePositions(drivers: BenchDriver[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  const rounds = Math.min(APPROACH_M.length, Math.floor((SECONDS * 1000) / INTERVAL_MS));
  const started = performance.now();
  const sends: Promise<void>[] = [];
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < drivers.length; i++) {
      const at = started + round * INTERVAL_MS + (i * INTERVAL_MS) / drivers.length;
      const wait = at - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const driver = drivers[i]!;
      const position = { lat: driver.stop.lat + APPROACH_M[round]! / M_PER_DEG_LAT, lng: driver.stop.lng, at: new Date().toISOString() };
      sends.push(
        timedPost(samples, round, '/api/driver/positions', { cookie: driver.cookie, 'sec-fetch-site': 'same-origin' }, { positions: [position] }),
      );
    }
  }
  await Promise.all(sends);
  return samples;
}

/**
 * Vendors' creates at CREATE_RATE a second for SECONDS, one every 1 / CREATE_RATE s: a steady
 * stream, as many restaurants' orders arrive. (autocannon's rate limit sends each second's
 * requests back to back at the top of the second: a burst every second, not this load.)
 */
async function driveCreates(apiKey: string): Promise<Sample[]> {
  const samples: Sample[] = [];
  const sends: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < CREATE_RATE * SECONDS; i++) {
    const wait = started + (i * 1000) / CREATE_RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    sends.push(timedPost(samples, 0, '/ext/dispatch', { 'x-api-key': apiKey }, order(i, `bench-create-${i}`)));
  }
  await Promise.all(sends);
  return samples;
}

/** POSTs `body` as JSON to `path` and adds its time to `samples` (a failed request is a sample that is not ok). */
async function timedPost(samples: Sample[], round: number, path: string, headers: Record<string, string>, body: unknown): Promise<void> {
  const sent = performance.now();
  const sentAt = Date.now();
  let ok = false;
  try {
    const response = await fetch(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    await response.arrayBuffer();
    ok = response.ok;
  } catch {
    ok = false;
  }
  samples.push({ ms: performance.now() - sent, sentAt, ok, round });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  await ensureBuild();
  const { url, drop } = await createPostgresDatabase('dispatch_bench_drivers');
  let server: ChildProcess | undefined;
  try {
    await applyMigrations({ databaseUrl: url });
    server = await startServer({ DATABASE_URL: url, DATA_DIR: os.tmpdir(), PORT, OPS_TOKEN, WEBHOOK_WORKER: 'true', SANDBOX_SIMULATOR: 'false', API_RATE_LIMIT_PER_S: '0', DISPATCH_ROUND_S: '15' });
    const account = await api('POST', '/api/ops/accounts', { name: 'Bench drivers' }, OPS);
    const apiKey = account.data.api_key!;
    const setupStarted = Date.now();
    const drivers = await prepareDrivers(url, apiKey, DRIVERS + WARMUP_DRIVERS);
    await warmUp(drivers.splice(DRIVERS));
    console.log(`[drivers] ${drivers.length} drivers signed in and assigned in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s`);

    const creates = driveCreates(apiKey);
    // The load generator's own event loop: a late loop adds to every latency it measures.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const [samples, createSamples] = await Promise.all([drivePositions(drivers), creates]);
    loopDelay.disable();

    await stopProcess(server);
    server = undefined;
    const round: RoundMeasure = await measureEngineRound({ orders: ROUND_ORDERS, drivers: ROUND_DRIVERS, branches: 60 });

    // BENCH_SAMPLES_OUT=<file>: every request's send time and latency, to find what the slow ones met.
    if (process.env.BENCH_SAMPLES_OUT) fs.writeFileSync(process.env.BENCH_SAMPLES_OUT, JSON.stringify({ samples, createSamples }));
    const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const createTimes = createSamples.map((sample) => sample.ms).sort((a, b) => a - b);
    const failed = samples.filter((sample) => !sample.ok).length;
    const markers = await query(
      url,
      `SELECT d.id, (SELECT count(*) FROM json_array_elements(d.status_history) e WHERE e->>'status' = $2)::int AS entries
       FROM dispatches d WHERE d.id = ANY($1::text[])`,
      [drivers.filter((driver) => driver.marker === 'near_pickup').map((driver) => driver.dispatchId), 'near_pickup'],
    );
    const destinationMarkers = await query(
      url,
      `SELECT d.id, (SELECT count(*) FROM json_array_elements(d.status_history) e WHERE e->>'status' = $2)::int AS entries
       FROM dispatches d WHERE d.id = ANY($1::text[])`,
      [drivers.filter((driver) => driver.marker === 'near_destination').map((driver) => driver.dispatchId), 'near_destination'],
    );
    const rows = [...markers.rows, ...destinationMarkers.rows] as { entries: number }[];
    const lost = rows.filter((row) => row.entries === 0).length;
    const doubled = rows.filter((row) => row.entries > 1).length;
    const seconds = (samples.length / drivers.length) * (INTERVAL_MS / 1000);
    const report = [
      `# Drivers' positions at scale — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `Machine: ${machine()}.`,
      `Command: \`npm run bench:drivers -- --drivers ${DRIVERS} --seconds ${SECONDS} --create-rate ${CREATE_RATE}\`; PostgreSQL, the production server with two processes; the load generator shares the machine.`,
      '',
      '| measure | value |',
      '|---|---:|',
      `| drivers, each one position every ${INTERVAL_MS / 1000} s | ${drivers.length} |`,
      `| positions sent (over ${seconds.toFixed(0)} s) | ${samples.length} (${(samples.length / seconds).toFixed(0)} a second) |`,
      `| position latency p50 / p95 / p99 / max, ms | ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} / ${sorted.at(-1)?.toFixed(1)} |`,
      `| positions refused or failed | ${failed} |`,
      `| the load generator's event-loop delay p99 / max, ms | ${(loopDelay.percentile(99) / 1e6).toFixed(1)} / ${(loopDelay.max / 1e6).toFixed(1)} |`,
      `| p50 / p99 ms by position (1st … ${APPROACH_M.length}th) | ${Array.from({ length: APPROACH_M.length }, (_, round) => {
        const times = samples.filter((sample) => sample.round === round).map((sample) => sample.ms).sort((a, b) => a - b);
        return times.length ? `${percentile(times, 50).toFixed(0)} / ${percentile(times, 99).toFixed(0)}` : '–';
      }).join(' · ')} |`,
      `| creates beside them, paced evenly (target ${CREATE_RATE}/s) | ${createSamples.length} (${(createSamples.length / SECONDS).toFixed(0)}/s), p50 / p99 ${percentile(createTimes, 50).toFixed(0)} / ${percentile(createTimes, 99).toFixed(0)} ms, failed ${createSamples.filter((sample) => !sample.ok).length} |`,
      `| dispatches that must record near_pickup / near_destination once | ${markers.rows.length} / ${destinationMarkers.rows.length} |`,
      `| lost (none recorded) / doubled (more than one) | ${lost} / ${doubled} |`,
      '',
      `The dispatch engine ran its rounds in the server meanwhile (DISPATCH_ROUND_S=15, the leader among its processes; the positions' account does not auto-assign, so its rounds read and plan without offers).`,
      '',
      `One engine round, in this process, with ${round.orders} open dispatches (ready, ${60} restaurants) and ${round.drivers} free drivers on duty:`,
      '',
      '| round | load ms | plan ms | apply ms | total ms | decisions |',
      '|---|---:|---:|---:|---:|---:|',
      `| first (offers made: ${JSON.stringify(round.first.outcomes)}) | ${round.first.ms.load.toFixed(0)} | ${round.first.ms.plan.toFixed(0)} | ${round.first.ms.apply.toFixed(0)} | ${round.first.ms.total.toFixed(0)} | ${round.first.decisions} |`,
      `| second (everything on offer) | ${round.second.ms.load.toFixed(0)} | ${round.second.ms.plan.toFixed(0)} | ${round.second.ms.apply.toFixed(0)} | ${round.second.ms.total.toFixed(0)} | ${round.second.decisions} |`,
      '',
    ].join('\n');
    fs.writeFileSync(path.join(import.meta.dirname, 'results', 'drivers.md'), report);
    console.log(`\n${report}`);
  } finally {
    if (server) await stopProcess(server);
    await drop();
  }
}

runBench(main);
