// `npm run bench:webhooks [-- --db pglite|postgres|both --rate 50 --seconds 10 --backlog 10000]`
// Webhook delivery to a local receiver, through the production server:
// - latency: dispatches are created over the API at `rate` per second for `seconds`; each
//   event's latency is its receipt time minus the event's own `timestamp` (the moment of the
//   change), so it covers commit, wake-up, lease, signing and the POST;
// - throughput: `backlog` events are written while no worker runs, then the workers start and
//   the receiver counts deliveries per second until the last one arrives.
// PGlite: the server's own worker. PostgreSQL: the server with WEBHOOK_WORKER=false and two
// `npm run worker` processes. Writes bench/results/webhooks.md and prints it.
// On PostgreSQL it also counts the statements the workers send while they drain the backlog (a
// relay in front of the server: bench/statement-counter.ts; `--count-statements 0` leaves it out)
// and the database's commits (`pg_stat_database.xact_commit`), each per delivery.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startStatementCounter, type StatementCounter } from '@/bench/statement-counter';
import { benchOptions, createPostgresDatabase, jsonApi, machine, onCleanup, query, runBench, runScript, startServer, stopProcess, temporaryDirectory } from '@/bench/support';
import { applyMigrations } from '@/lib/edge/server/migrate';
import { openPGlite } from '@/lib/platform/server/db/pglite';
import { ensureBuild } from '@/scripts/ensure-build';

const cli = benchOptions();
const RATE = cli.number('rate', 50);
const SECONDS = cli.number('seconds', 10);
const BACKLOG = cli.number('backlog', 10_000);
const COUNT_STATEMENTS = cli.number('count-statements', 1) !== 0;
const PORT = '3210';
const BASE = `http://127.0.0.1:${PORT}`;
const OPS_TOKEN = 'bench-webhooks-ops-token-0123456789';

interface Receiver {
  url: string;
  /** event id → receipt time (ms) and the event's own timestamp (ms). */
  received: Map<string, { at: number; eventAt: number }>;
  close(): void;
}

async function startReceiver(): Promise<Receiver> {
  const received = new Map<string, { at: number; eventAt: number }>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const at = Date.now();
      const event = JSON.parse(body) as { id: string; type: string; timestamp: string };
      if (event.type !== 'webhook.ping' && !received.has(event.id)) received.set(event.id, { at, eventAt: Date.parse(event.timestamp) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const api = jsonApi(BASE);

async function waitFor(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Creates dispatches at RATE per second for SECONDS; returns the latencies of their events. */
async function measureLatency(receiver: Receiver, apiKey: string): Promise<number[]> {
  const total = RATE * SECONDS;
  const ids: string[] = [];
  const started = Date.now();
  const requests: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    requests.push(
      api('POST', '/ext/dispatch', order(`lat-${i}`), { 'x-api-key': apiKey }).then((created) => void ids.push(created!.data.id!)),
    );
  }
  await Promise.all(requests);
  await waitFor(() => receiver.received.size >= total, 60_000, `${total} deliveries`);
  return [...receiver.received.values()].map((entry) => entry.at - entry.eventAt).sort((a, b) => a - b);
}

function order(oid: string) {
  return {
    pickup: { lat: 24.6953, lng: 46.6851, address_line: 'Olaya St' },
    destination: { lat: 24.7743, lng: 46.7386, address_line: 'King Abdullah Rd' },
    user_metadata: { id: 'c1', email: 'c@example.com', phone: '+966500000001' },
    vendor_id: 'bench',
    vendor_name: { 'en-us': 'Bench Kitchen' },
    vendor_oid: oid,
    vendor_bid: 'b1',
    vendor_payload: { order_price: 42.5, currency: 'SAR', payment_type: 'CASH', order_details: [{ item_name: { 'en-us': 'Wrap' }, count: 2, price: 21.25 }] },
  };
}

/**
 * BACKLOG events spread evenly over the account's dispatches (about 20 each with the defaults,
 * so per-dispatch ordering holds each one back as in production), written through the outbox
 * trigger like any event.
 */
function backlogSql(accountId: string): string {
  return `
    INSERT INTO dispatch_events (id, account_id, dispatch_id, type, sequence, payload, created_at)
    SELECT 'evt_backlog_' || d.n || '_' || s, d.account_id, d.id, 'dispatch.status_updated', 1000 + s, d.record, now()
    FROM (SELECT id, account_id, record, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total
          FROM dispatches WHERE account_id = '${accountId}') d,
         generate_series(1, ceil(${BACKLOG}::numeric / d.total)::int) s
    ORDER BY s, d.n
    LIMIT ${BACKLOG}`;
}

interface Result {
  db: string;
  workers: string;
  latencies: number[];
  deliveriesPerSecond: number;
  /** While the backlog drains: statements the workers sent, and commits in the database, per delivery. */
  statementsPerDelivery: number | null;
  commitsPerDelivery: number | null;
}

/** Transactions committed in the bench's database so far (every connection's, the server's too). */
async function commitsIn(url: string): Promise<number> {
  const result = await query(url, 'SELECT xact_commit::float8 AS commits FROM pg_stat_database WHERE datname = current_database()');
  return (result.rows[0] as { commits: number }).commits;
}

async function benchDatabase(kind: string, receiver: Receiver): Promise<Result> {
  const dataDir = temporaryDirectory('dispatch-bench-webhooks-');
  const postgres = kind === 'postgres' ? await createPostgresDatabase('dispatch_bench_webhooks') : null;
  const env = {
    PORT,
    OPS_TOKEN,
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_WORKER: postgres ? 'false' : 'true',
    // One server process, as when bench/results/webhooks.md was measured (the two workers deliver).
    WEB_CONCURRENCY: '1',
    // The backlog's dispatches are created over the API faster than an account's default limit.
    API_RATE_LIMIT_PER_S: '0',
  };
  const counter: StatementCounter | null = postgres && COUNT_STATEMENTS ? await startStatementCounter(postgres.url) : null;
  const workerEnv = counter ? { ...env, DATABASE_URL: counter.urlFor(postgres!.url) } : env;
  const workers: ChildProcess[] = [];
  const startWorkers = () => {
    if (postgres) workers.push(runScript('scripts/worker.ts', workerEnv), runScript('scripts/worker.ts', workerEnv));
  };
  const stopWorkers = () => Promise.all(workers.splice(0).map(stopProcess));
  if (postgres) await applyMigrations({ databaseUrl: postgres.url });
  else await applyMigrations({ pgliteDir: path.join(dataDir, 'pglite') });
  let server = await startServer(env);
  try {
    startWorkers();
    const account = await api('POST', '/api/ops/accounts', { name: 'Bench Webhooks' }, { authorization: `Bearer ${OPS_TOKEN}` });
    const apiKey = account!.data.api_key!;
    await api('POST', '/ext/webhook', { webhook: receiver.url }, { 'x-api-key': apiKey });
    // Warm up: JIT, route bundles, connection pools, worker wake-ups.
    for (let i = 0; i < 50; i++) await api('POST', '/ext/dispatch', order(`warm-${i}`), { 'x-api-key': apiKey });
    await waitFor(() => receiver.received.size >= 50, 30_000, 'warm-up deliveries');
    receiver.received.clear();

    const latencies = await measureLatency(receiver, apiKey);
    receiver.received.clear();

    // Throughput: write the backlog with no worker running, then start the workers.
    await stopWorkers();
    if (postgres) {
      await query(postgres.url, backlogSql(account!.data.id!));
    } else {
      await stopProcess(server);
      const embedded = openPGlite(path.join(dataDir, 'pglite'));
      await embedded.pglite.exec(backlogSql(account!.data.id!));
      await embedded.close();
    }
    // The workers are stopped, so their connections have closed and reported their statistics.
    const commitsBefore = postgres ? await commitsIn(postgres.url) : 0;
    const statementsBefore = counter?.statements ?? 0;
    const started = Date.now();
    if (postgres) startWorkers();
    else server = await startServer(env);
    await waitFor(() => receiver.received.size >= BACKLOG, 300_000, `${BACKLOG} backlog deliveries`);
    // Stopped before counting: their last attempts are recorded and their statistics reported.
    await stopWorkers();
    const statements = counter ? counter.statements - statementsBefore : null;
    const commits = postgres ? (await commitsIn(postgres.url)) - commitsBefore : null;
    const times = [...receiver.received.values()].map((entry) => entry.at);
    const first = Math.min(...times);
    const last = Math.max(...times);
    console.log(`[${kind}] backlog of ${BACKLOG}: first receipt ${first - started} ms after the workers started`);
    if (statements !== null) console.log(`[${kind}] the workers sent ${statements} statements while draining`);
    if (commits !== null) console.log(`[${kind}] the database committed ${commits} transactions while draining`);
    receiver.received.clear();
    return {
      db: kind,
      workers: postgres ? '2 × npm run worker' : 'in the server',
      latencies,
      deliveriesPerSecond: Math.round(BACKLOG / ((last - first) / 1000)),
      statementsPerDelivery: statements === null ? null : statements / BACKLOG,
      commitsPerDelivery: commits === null ? null : commits / BACKLOG,
    };
  } finally {
    await stopWorkers();
    await stopProcess(server);
    await counter?.close();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function perDelivery(value: number | null): string {
  return value === null ? '–' : value.toFixed(2);
}

async function main() {
  await ensureBuild();
  const receiver = await startReceiver();
  onCleanup(() => receiver.close());
  const results: Result[] = [];
  for (const kind of cli.databases) results.push(await benchDatabase(kind, receiver));
  const lines = [
    `# Webhook delivery benchmark — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine()}.`,
    `Command: \`npm run bench:webhooks -- --db ${cli.db} --rate ${RATE} --seconds ${SECONDS} --backlog ${BACKLOG}\`; the receiver, the server, the workers and the database share the machine.`,
    '',
    `| database | workers | latency p50 ms | p99 ms | max ms | events (at ${RATE}/s) | deliveries/s (backlog of ${BACKLOG.toLocaleString('en')}) | statements / delivery | commits / delivery |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (result) =>
        `| ${result.db} | ${result.workers} | ${percentile(result.latencies, 50)} | ${percentile(result.latencies, 99)} | ${result.latencies.at(-1)} | ${result.latencies.length} | ${result.deliveriesPerSecond} | ${perDelivery(result.statementsPerDelivery)} | ${perDelivery(result.commitsPerDelivery)} |`,
    ),
    '',
    'Statements / delivery: what the workers sent to PostgreSQL while draining the backlog (each Query or Execute message, BEGIN and COMMIT included, counted by a relay: bench/statement-counter.ts), over the backlog. Commits / delivery: the database\'s `xact_commit` over the same time, all connections.',
    '',
  ];
  const report = lines.join('\n');
  fs.writeFileSync(path.join(import.meta.dirname, 'results', 'webhooks.md'), report);
  console.log(`\n${report}`);
}

runBench(main);
