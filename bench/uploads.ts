// `npm run bench:uploads [-- --db pglite|postgres|both --parallel 8 --seconds 20 --app <checkout>]`
// What a burst of worst-case photo uploads does to everyone else: the production server
// (`npm start`; on PostgreSQL its default two processes on 2 cores), `parallel` signed-in drivers
// each uploading one image after another to a dispatch of their own for `seconds`, while a vendor
// lists dispatches (GET /ext/dispatches, one after another, 50 ms apart) and a driver signs in
// (POST /api/session with phone and PIN, Argon2id, 250 ms apart). Three phases: no uploads; the
// outside probe's image (a one-colour PNG of 6,324² pixels, 40 MP in about 130 KB); the dearest
// image the upload limits accept (a 4,000² lossless WebP of noise, 16 MP in 2.9 MB). The per-driver
// and per-dispatch upload limits are turned off, so that every upload reaches the decoder.
// Prints p50 / p99 / max of each and the load average, and writes bench/results/uploads.md when
// it measured this checkout. `--app <dir>` serves another checkout instead (built there with its
// own next if it has no build), e.g. the code before a change, from a `git worktree`.
//
// Every process it starts and everything it creates (the server, a PostgreSQL database, a data
// directory) is removed on every exit: success, failure, Ctrl-C (SIGINT), SIGTERM or SIGHUP
// (runBench, bench/support.ts).
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { benchOptions, createPostgresDatabase, jsonApi, machine, runBench, startServer, stopProcess, temporaryDirectory } from '@/bench/support';
import { applyMigrations } from '@/lib/edge/server/migrate';
import { ensureBuild } from '@/scripts/ensure-build';

const cli = benchOptions();
const PARALLEL = cli.number('parallel', 8);
const SECONDS = cli.number('seconds', 20);
const PORT = String(cli.number('port', 3230));
const APP = path.resolve(cli.text('app', process.cwd()));
const IS_THIS_CHECKOUT = APP === path.resolve(process.cwd());
const BASE = `http://127.0.0.1:${PORT}`;
const OPS_TOKEN = `bench-uploads-${randomBytes(12).toString('hex')}`;
const OPS = { authorization: `Bearer ${OPS_TOKEN}` };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const PIN = '482915';
const LIST_PAUSE_MS = 50;
const SIGN_IN_PAUSE_MS = 250;
/** An upload that has not answered by then is counted as failed (the old code took minutes under load). */
const UPLOAD_TIMEOUT_MS = 300_000;

// ---------------------------------------------------------------- requests

const api = jsonApi(BASE);

let orders = 0;
function order() {
  orders++;
  return {
    pickup: { lat: 24.6953, lng: 46.6851, address_line: 'Olaya St' },
    destination: { lat: 24.7743, lng: 46.7386, address_line: 'King Abdullah Rd' },
    user_metadata: { id: `c${orders}`, email: 'c@example.com', phone: '+966500000001', firstName: 'Bench' },
    vendor_id: 'bench',
    vendor_name: { 'en-us': 'Bench Kitchen' },
    vendor_oid: `bench-uploads-${orders}`,
    vendor_bid: 'b1',
    vendor_payload: { order_price: 42.5, currency: 'SAR', payment_type: 'CASH', order_details: [{ item_name: { 'en-us': 'Wrap' }, count: 2, price: 21.25 }] },
  };
}

interface Driver {
  id: string;
  phone: string;
  cookie: string;
  dispatchId: string;
}

function signIn(phone: string): Promise<Response> {
  return fetch(`${BASE}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', ...SAME_ORIGIN }, body: JSON.stringify({ phone, pin: PIN }) });
}

/** A driver with a phone and PIN, signed in, on a dispatch of their own. */
async function newDriver(apiKey: string, i: number): Promise<Driver> {
  const driver = await api('POST', '/api/ops/drivers', { name: `Bench uploader ${i}` }, OPS);
  const id = driver.data.id!;
  const phone = `+9665${String(20_000_000 + i)}`;
  await api('POST', `/api/ops/drivers/${id}/sign-in`, { phone, pin: PIN }, OPS);
  const dispatch = await api('POST', '/ext/dispatch', order(), { 'x-api-key': apiKey });
  await api('POST', `/api/ops/dispatches/${dispatch.data.id}/assign`, { driver_id: id }, OPS);
  const response = await signIn(phone);
  if (!response.ok) throw new Error(`sign-in of ${phone}: ${response.status} ${await response.text()}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('dispatch_session='));
  if (!session) throw new Error('the sign-in set no session cookie');
  return { id, phone, cookie: session.split(';')[0]!, dispatchId: dispatch.data.id! };
}

function upload(driver: Driver, image: Buffer, contentType: string): Promise<Response> {
  return fetch(`${BASE}/api/driver/jobs/${driver.dispatchId}/media?kind=photo`, {
    method: 'POST',
    headers: { 'content-type': contentType, cookie: driver.cookie, ...SAME_ORIGIN },
    body: new Uint8Array(image),
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
}

// ---------------------------------------------------------------- measuring

interface Sample {
  ms: number;
  status: number;
}

/** Sends `send` one after another, `pauseMs` apart, until `until` (performance.now()). */
async function loop(until: number, pauseMs: number, send: () => Promise<Response>): Promise<Sample[]> {
  const samples: Sample[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    let status = 0;
    try {
      const response = await send();
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0; // no answer (timeout, connection reset)
    }
    samples.push({ ms: performance.now() - started, status });
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return samples;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function latency(samples: Sample[]): string {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const failed = samples.filter((sample) => sample.status < 200 || sample.status >= 300).length;
  const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
  return `${fmt(percentile(sorted, 50))} / ${fmt(percentile(sorted, 99))} / ${fmt(sorted.at(-1) ?? 0)} (${samples.length}${failed ? `, ${failed} not 2xx` : ''})`;
}

function statuses(samples: Sample[]): string {
  const counts = new Map<number, number>();
  for (const sample of samples) counts.set(sample.status, (counts.get(sample.status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${n}× ${status === 0 ? 'no answer' : status}`).join(', ') || '–';
}

const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

interface Phase {
  title: string;
  image?: { bytes: Buffer; contentType: string };
}

interface Row {
  phase: string;
  list: string;
  signIn: string;
  uploads: string;
  uploadLatency: string;
  drainS: string;
  load: string;
}

async function runPhase(phase: Phase, drivers: Driver[], prober: Driver, apiKey: string): Promise<Row> {
  const loadBefore = load();
  const until = performance.now() + SECONDS * 1000;
  const image = phase.image;
  const uploads = image
    ? Promise.all(
        drivers.map(async (driver) => {
          const samples: Sample[] = [];
          while (performance.now() < until) {
            const started = performance.now();
            let status = 0;
            try {
              const response = await upload(driver, image.bytes, image.contentType);
              await response.arrayBuffer();
              status = response.status;
            } catch {
              status = 0;
            }
            samples.push({ ms: performance.now() - started, status });
          }
          return samples;
        }),
      ).then((all) => all.flat())
    : Promise.resolve([]);
  const [list, signIns] = await Promise.all([
    loop(until, LIST_PAUSE_MS, () => fetch(`${BASE}/ext/dispatches?limit=20`, { headers: { 'x-api-key': apiKey } })),
    loop(until, SIGN_IN_PAUSE_MS, () => signIn(prober.phone)),
  ]);
  // Uploads sent before the end may still be running: the next phase starts once they answered.
  const measured = performance.now();
  const uploadSamples = await uploads;
  const row = {
    phase: phase.title,
    list: latency(list),
    signIn: latency(signIns),
    uploads: image ? statuses(uploadSamples) : '–',
    uploadLatency: image ? latency(uploadSamples) : '–',
    drainS: image ? ((performance.now() - measured) / 1000).toFixed(1) : '–',
    load: `${loadBefore} → ${load()}`,
  };
  console.log(`[uploads] ${JSON.stringify(row)}`);
  return row;
}

// ---------------------------------------------------------------- one database

async function prepare(kind: string): Promise<Record<string, string>> {
  const dataDir = temporaryDirectory('dispatch-bench-uploads-');
  if (kind === 'postgres') {
    const { url } = await createPostgresDatabase('dispatch_bench_uploads');
    await applyMigrations({ databaseUrl: url });
    return { DATABASE_URL: url, DATA_DIR: dataDir };
  }
  await applyMigrations({ pgliteDir: path.join(dataDir, 'pglite') });
  return { DATABASE_URL: '', DATA_DIR: dataDir };
}

async function benchDatabase(kind: string, phases: Phase[]): Promise<Row[]> {
  const env = await prepare(kind);
  const server: ChildProcess = await startServer(
    {
      ...env,
      PORT,
      OPS_TOKEN,
      WEBHOOK_WORKER: 'false',
      SANDBOX_SIMULATOR: 'false',
      API_RATE_LIMIT_PER_S: '0',
      // Every upload reaches the decoder (code before these limits ignores the variables).
      MEDIA_UPLOADS_PER_DRIVER: '0',
      MEDIA_PER_DISPATCH: '10000',
    },
    APP,
  );

  const account = await api('POST', '/api/ops/accounts', { name: 'Bench uploads' }, OPS);
  const apiKey = account.data.api_key!;
  for (let i = 0; i < 20; i++) await api('POST', '/ext/dispatch', order(), { 'x-api-key': apiKey });
  const drivers: Driver[] = [];
  for (let i = 0; i < PARALLEL; i++) drivers.push(await newDriver(apiKey, i));
  const prober = await newDriver(apiKey, PARALLEL);
  // Each route's code loads on its first request (in each process): warm them all first.
  const small = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  for (let round = 0; round < 3; round++) {
    await Promise.all(drivers.map(async (driver) => void (await (await upload(driver, small, 'image/jpeg')).arrayBuffer())));
    for (let i = 0; i < 10; i++) await (await fetch(`${BASE}/ext/dispatches?limit=20`, { headers: { 'x-api-key': apiKey } })).arrayBuffer();
    await (await signIn(prober.phone)).arrayBuffer();
  }
  console.log(`[uploads] ${kind}: ${PARALLEL} uploaders and a sign-in prober ready; load ${load()}`);

  const rows: Row[] = [];
  for (const phase of phases) rows.push(await runPhase(phase, drivers, prober, apiKey));
  // Its database and data directory go when the bench ends (bench/support.ts).
  await stopProcess(server);
  return rows;
}

// ---------------------------------------------------------------- main

async function build(): Promise<void> {
  if (IS_THIS_CHECKOUT) return ensureBuild();
  if (fs.existsSync(path.join(APP, '.next/BUILD_ID'))) return;
  console.log(`Building ${APP}…`);
  const result = spawnSync(process.execPath, [path.join(APP, 'node_modules/next/dist/bin/next'), 'build'], { cwd: APP, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`next build in ${APP} failed`);
}

async function main() {
  await build();
  const probe = await sharp({ create: { width: 6_324, height: 6_324, channels: 3, background: '#808080' } }).png({ compressionLevel: 9 }).toBuffer();
  // Measured the dearest the limits accept (lib/dispatch/server/internal/media/inspect-image.ts): lossless WebP cannot be
  // decoded shrunk, and noise in 4 × 4 blocks keeps it under MEDIA_MAX_BYTES.
  const noise = await sharp({ create: { width: 1_000, height: 1_000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  const dearest = await sharp(noise).resize(4_000, 4_000, { kernel: 'nearest' }).webp({ lossless: true }).toBuffer();
  const phases: Phase[] = [
    { title: 'no uploads' },
    { title: `probe: 6,324² one-colour PNG (${(probe.length / 1000).toFixed(0)} KB)`, image: { bytes: probe, contentType: 'image/png' } },
    { title: `dearest accepted: 4,000² lossless WebP of noise (${(dearest.length / 1000).toFixed(0)} KB)`, image: { bytes: dearest, contentType: 'image/webp' } },
  ];
  const commit = spawnSync('git', ['-C', APP, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).stdout.trim();
  const lines = [
    `# Uploads beside the API — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine()}. Checkout: ${APP} (${commit}).`,
    `Command: \`npm run bench:uploads -- --db ${cli.db} --parallel ${PARALLEL} --seconds ${SECONDS}${IS_THIS_CHECKOUT ? '' : ` --app ${APP}`}\`; the load generator shares the machine. Each phase lasts ${SECONDS} s: ${PARALLEL} drivers upload one image after another (upload limits off), a vendor lists dispatches ${LIST_PAUSE_MS} ms apart and a driver signs in ${SIGN_IN_PAUSE_MS} ms apart. Latencies p50 / p99 / max (requests).`,
    '',
  ];
  for (const kind of cli.databases) {
    const rows = await benchDatabase(kind, phases);
    lines.push(
      `## ${kind}`,
      '',
      '| phase | GET /ext/dispatches | sign-in | uploads answered | upload latency | s until the last upload answered | load average (1 5 15 min) before → after |',
      '|---|---|---|---|---|---:|---|',
      ...rows.map((row) => `| ${row.phase} | ${row.list} | ${row.signIn} | ${row.uploads} | ${row.uploadLatency} | ${row.drainS} | ${row.load} |`),
      '',
    );
  }
  const report = lines.join('\n');
  if (IS_THIS_CHECKOUT) fs.writeFileSync(path.join(import.meta.dirname, 'results', 'uploads.md'), report);
  console.log(`\n${report}`);
}

runBench(main);
