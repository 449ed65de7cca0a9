// `npm run bench [-- --db pglite|postgres|both --duration 10 --rows 1000000 --warmup 3]`
// Serves the production build against each database and loads it with autocannon at 10
// connections: the no-database route (/api/ping, the framework's own ceiling; first and again
// last), a vendor route refused without a key (401: issue 29's floor), create, create with a
// locked quote (`quote_id`, each request a fresh quote estimated before the load), get, driver
// listing (against :rows bulk-loaded dispatches) and estimate; on PGlite also create at 50
// connections. The server's default rate limit is off; create is measured
// again for an account whose own limit is on but too high to refuse anything (the cost of taking
// a token on every request). Writes bench/results/latest.md and prints the same table.
//
// `--rate-limit-ab N`: only the rate limit's cost. Create without and with the limit, N rounds
// each, alternating (ABBA…, so a drift of the shared machine falls on both alike) between the
// empty-route ceilings; writes bench/results/rate-limit.md.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchOptions, createPostgresDatabase, machine, query, runBench, startServer as startProductionServer, stopProcess, temporaryDirectory } from '@/bench/support';
import { openPGlite } from '@/lib/platform/server/db/pglite';
import { applyMigrations } from '@/lib/edge/server/migrate';
import { hashApiKey } from '@/lib/platform/server/auth/api-key';
import { listConditions } from '@/lib/dispatch/server/list-dispatches';
import { accountScope } from '@/lib/platform/server/tenancy/scope';
import { recordPageQuery } from '@/lib/dispatch/server/read-records';
import { ensureBuild } from '@/scripts/ensure-build';

const cli = benchOptions();
const DURATION = cli.number('duration', 10);
const WARMUP_SECONDS = cli.number('warmup', 3);
const ROWS = cli.number('rows', 1_000_000);
const PORT = cli.number('port', 3200);
const OPS_TOKEN = `bench-${randomBytes(12).toString('hex')}`;
const BULK_KEY = 'dsp_live_benchbenchbenchbenchbenchbenchbenchbench';
const RATE_LIMIT_AB_ROUNDS = cli.number('rate-limit-ab', 0);
const CREATE_LIMITED = 'create, rate limit on (never refuses)';
/** A vendor route refused for want of an API key: the floor issue 29's targets are stated against. */
const UNAUTHENTICATED = '401 without a key (POST /ext/estimate)';
const BASE = `http://127.0.0.1:${PORT}`;

interface Row {
  db: string;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

function bulkSql(): string {
  return fs
    .readFileSync(path.join(import.meta.dirname, 'bulk-load.sql'), 'utf8')
    .replaceAll(':rows', String(ROWS))
    .replaceAll(":'key_hash'", `'${hashApiKey(BULK_KEY)}'`);
}

async function prepare(kind: string): Promise<{ env: Record<string, string>; explain: () => Promise<string>; cleanup: () => Promise<void> }> {
  const started = Date.now();
  if (kind === 'postgres') {
    const { url, drop } = await createPostgresDatabase('dispatch_bench');
    await applyMigrations({ databaseUrl: url });
    await query(url, bulkSql());
    // Vacuum now, or autovacuum does it during the measurements (it did: get dropped by half);
    // and checkpoint, or the load's dirty pages are written out during them.
    await query(url, 'VACUUM (ANALYZE)');
    await query(url, 'CHECKPOINT');
    // Counts the rate limit's statements (pg_stat_user_functions): `--rate-limit-ab` reports them per request.
    await query(url, `ALTER DATABASE ${new URL(url).pathname.slice(1)} SET track_functions = 'pl'`);
    console.log(`[${kind}] migrated and loaded ${ROWS} dispatches in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return {
      env: { DATABASE_URL: url, DATA_DIR: os.tmpdir() },
      explain: () => listingPlan(url),
      cleanup: drop,
    };
  }
  const dataDir = temporaryDirectory('dispatch-bench-');
  const pgliteDir = path.join(dataDir, 'pglite');
  await applyMigrations({ pgliteDir });
  const embedded = openPGlite(pgliteDir);
  await embedded.pglite.exec(bulkSql());
  await embedded.pglite.exec('VACUUM (ANALYZE)');
  await embedded.pglite.exec('CHECKPOINT');
  await embedded.close();
  console.log(`[${kind}] migrated and loaded ${ROWS} dispatches in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    explain: async () => '(see the PostgreSQL plan; PGlite runs the same planner)',
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The plan the driver listing runs with: the route's own statement (`recordPageQuery`), prepared
 * as `queryRows` prepares it and planned generically (without the values), as PostgreSQL plans a
 * prepared statement after its first few runs.
 */
async function listingPlan(url: string): Promise<string> {
  const statement = recordPageQuery({ conditions: listConditions(accountScope('acc_bulk'), { driverId: 'drv_bulk_7' }), limit: 50 });
  const literals = statement.values.map((value) => `'${String(value).replaceAll("'", "''")}'`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE listing AS ${statement.text}`);
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE listing(${literals.join(', ')})`);
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // Webhook delivery is measured by bench/webhooks.ts; no endpoint is registered here anyway.
  // No default rate limit: the scenarios send far more than 20 requests a second for one account.
  return startProductionServer({ ...env, PORT: String(PORT), OPS_TOKEN, WEBHOOK_WORKER: 'false', API_RATE_LIMIT_PER_S: '0' });
}

async function json(method: string, url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${BASE}${url}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ data: Record<string, string> }>;
}

const PICKUP = { lat: 24.6953, lng: 46.6851 };
const DESTINATION = { lat: 24.7743, lng: 46.7386 };

let orderCounter = 0;
function order(extra: Record<string, unknown> = {}) {
  orderCounter++;
  return JSON.stringify({
    ...extra,
    pickup: { ...PICKUP, address_line: 'Olaya St' },
    destination: { ...DESTINATION, address_line: 'King Abdullah Rd' },
    user_metadata: { id: `c${orderCounter}`, email: 'c@example.com', phone: '+966500000001' },
    vendor_id: 'bench',
    vendor_name: { 'en-us': 'Bench Kitchen' },
    vendor_oid: `bench-${process.pid}-${orderCounter}`,
    vendor_bid: 'b1',
    vendor_payload: { order_price: 42.5, currency: 'SAR', payment_type: 'CASH', order_details: [{ item_name: { 'en-us': 'Wrap' }, count: 2, price: 21.25 }] },
  });
}

interface Scenario {
  title: string;
  connections: number;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: () => string;
  /** Runs before each load of `seconds`, outside the measurement. */
  before?: (seconds: number) => Promise<void>;
}

/**
 * Quotes for "create with quote_id": a quote is used once, so each request takes a fresh one,
 * estimated through the API before the load (more than the fastest create could use up).
 */
function quotePool(headers: Record<string, string>) {
  let quotes: string[] = [];
  return {
    async before(seconds: number) {
      const wanted = seconds * 1_500;
      quotes = [];
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (quotes.length < wanted) {
            const estimate = await json('POST', '/ext/estimate', { pickup: PICKUP, destination: DESTINATION, pickup_wait_time: 5 }, headers);
            quotes.push(estimate.data.quote_id!);
          }
        }),
      );
    },
    // Run dry, the create is refused (400 quote_used) and shows in the table's non-2xx column.
    body: () => order({ quote_id: quotes.pop() ?? quotes[0] ?? 'qte_none' }),
  };
}

async function load(options: Scenario & { seconds: number }) {
  const run = (duration: number) =>
    autocannon({
      url: BASE,
      connections: options.connections,
      duration,
      requests: [
        {
          method: options.method ?? 'GET',
          path: options.path,
          headers: { 'content-type': 'application/json', ...options.headers },
          ...(options.body && { setupRequest: (request: autocannon.Request) => ({ ...request, body: options.body!() }) }),
        },
      ],
    });
  await options.before?.(options.seconds);
  const result = await run(options.seconds);
  return {
    scenario: options.title,
    connections: options.connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
  };
}

/** Rows of one server, and how many requests the rate-limited account sent it (warm-ups included). */
async function runScenarios(label: string, kind: string): Promise<{ rows: Row[]; limitedRequests: number }> {
  const account = await json('POST', '/api/ops/accounts', { name: 'Bench' }, { authorization: `Bearer ${OPS_TOKEN}` });
  const key = { 'x-api-key': account.data.api_key! };
  const created = await json('POST', '/ext/dispatch', JSON.parse(order()), key);
  // An account with its own rate limit, high enough never to refuse: every request takes a token.
  const ops = { authorization: `Bearer ${OPS_TOKEN}` };
  const limited = await json('POST', '/api/ops/accounts', { name: 'Bench, rate-limited' }, ops);
  await json('PUT', `/api/ops/accounts/${limited.data.id}/rate-limit`, { per_second: 1_000_000, burst: 1_000_000 }, ops);
  const limitedKey = { 'x-api-key': limited.data.api_key! };
  const scenarios: Scenario[] = [
    { title: 'empty route (no DB)', connections: 10, path: '/api/ping' },
    { title: UNAUTHENTICATED, connections: 10, method: 'POST', path: '/ext/estimate', body: () => '{}' },
    { title: 'create', connections: 10, method: 'POST', path: '/ext/dispatch', headers: key, body: () => order() },
    { title: CREATE_LIMITED, connections: 10, method: 'POST', path: '/ext/dispatch', headers: limitedKey, body: () => order() },
    { title: 'create with quote_id', connections: 10, method: 'POST', path: '/ext/dispatch', headers: key, ...quotePool(key) },
    { title: 'get', connections: 10, path: `/ext/dispatch/${created.data.id}`, headers: key },
    {
      title: `driver listing (${ROWS.toLocaleString('en')} rows)`,
      connections: 10,
      path: '/ext/dispatches/d/drv_bulk_7',
      headers: { 'x-api-key': BULK_KEY },
    },
    {
      title: 'estimate',
      connections: 10,
      method: 'POST',
      path: '/ext/estimate',
      headers: key,
      body: () => JSON.stringify({ pickup: { lat: 24.69, lng: 46.68 }, destination: { lat: 24.77, lng: 46.73 }, pickup_wait_time: 5 }),
    },
    ...(kind === 'pglite'
      ? [{ title: 'create', connections: 50, method: 'POST' as const, path: '/ext/dispatch', headers: key, body: () => order() }]
      : []),
    // Measured again last: the ceiling is the mean of both, so one noisy window skews no ratio.
    { title: 'empty route again (no DB)', connections: 10, path: '/api/ping' },
  ];
  const measured = RATE_LIMIT_AB_ROUNDS > 0 ? rateLimitAb(scenarios) : scenarios;
  // Warm every path first (JIT, lazily loaded route bundles, connection pools), then measure.
  let limitedRequests = 0;
  for (const scenario of new Set(measured)) {
    const { total } = await load({ ...scenario, seconds: WARMUP_SECONDS });
    if (scenario.title === CREATE_LIMITED) limitedRequests += total;
  }
  const results = [];
  for (const scenario of measured) {
    const { total, ...result } = await load({ ...scenario, seconds: DURATION });
    if (scenario.title === CREATE_LIMITED) limitedRequests += total;
    results.push(result);
  }
  return { rows: results.map((result) => ({ db: label, ...result })), limitedRequests };
}

/** `--rate-limit-ab`: the empty route, create without (A) and with (B) the limit as A B B A A B …, the empty route again. */
function rateLimitAb(scenarios: Scenario[]): Scenario[] {
  const find = (title: string) => scenarios.find((scenario) => scenario.title === title)!;
  const [plain, limited] = [find('create'), find(CREATE_LIMITED)];
  const rounds = Array.from({ length: RATE_LIMIT_AB_ROUNDS }, (_, round) => (round % 2 === 0 ? [plain, limited] : [limited, plain])).flat();
  return [scenarios[0]!, ...rounds, scenarios.at(-1)!];
}

/** account_rate_take statements per request of the rate-limited account, per server (PostgreSQL only). */
const takesPerRequest = new Map<string, number>();

/** How many times account_rate_take has run in the database, once the servers' sessions have reported it. */
async function rateTakeCalls(url: string): Promise<number> {
  const read = async () =>
    Number((await query(url, `SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_user_functions WHERE funcname = 'account_rate_take'`)).rows[0].calls);
  // A session reports its counts when it ends: wait until the stopped server's have.
  let calls = await read();
  for (let settled = 0; settled < 2; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await read();
    settled = again === calls ? settled + 1 : 0;
    calls = again;
  }
  return calls;
}

/** `--rate-limit-ab`: the mean of each create scenario per configuration, and the limit's cost. */
function rateLimitSummary(rows: Row[]): string {
  const lines = [
    '| database | create req/s (mean) | with the rate limit (mean) | change | median change | rate-limit statements per limited request |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const db of new Set(rows.map((row) => row.db))) {
    const mean = (title: string) => {
      const values = rows.filter((row) => row.db === db && row.scenario === title).map((row) => row.rps);
      return values.reduce((sum, rps) => sum + rps, 0) / values.length;
    };
    const median = (title: string) => {
      const values = rows.filter((row) => row.db === db && row.scenario === title).map((row) => row.rps).sort((a, b) => a - b);
      const middle = Math.floor(values.length / 2);
      return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
    };
    const [plain, limited] = [mean('create'), mean(CREATE_LIMITED)];
    const medianChange = ((median(CREATE_LIMITED) - median('create')) / median('create')) * 100;
    const takes = takesPerRequest.get(db);
    lines.push(
      `| ${db} | ${Math.round(plain)} | ${Math.round(limited)} | ${(((limited - plain) / plain) * 100).toFixed(1)} % | ${medianChange.toFixed(1)} % | ${takes === undefined ? '–' : takes.toFixed(3)} |`,
    );
  }
  return lines.join('\n');
}

/** PGlite is served by one process; PostgreSQL by one and by two (WEB_CONCURRENCY=2). */
async function benchDatabase(kind: string): Promise<{ rows: Row[]; plan: string }> {
  const prepared = await prepare(kind);
  const rows: Row[] = [];
  try {
    for (const processes of kind === 'postgres' ? [1, 2] : [1]) {
      const label = processes === 1 ? kind : `${kind} ×${processes} processes`;
      const callsBefore = kind === 'postgres' ? await rateTakeCalls(prepared.env.DATABASE_URL!) : 0;
      const server = await startServer({ ...prepared.env, WEB_CONCURRENCY: String(processes) });
      let limitedRequests = 0;
      try {
        const measured = await runScenarios(label, kind);
        rows.push(...measured.rows);
        limitedRequests = measured.limitedRequests;
      } finally {
        await stopProcess(server);
      }
      if (kind === 'postgres' && limitedRequests > 0) {
        takesPerRequest.set(label, ((await rateTakeCalls(prepared.env.DATABASE_URL!)) - callsBefore) / limitedRequests);
      }
    }
    return { rows, plan: await prepared.explain() };
  } finally {
    await prepared.cleanup();
  }
}

function table(rows: Row[]): string {
  const lines = [
    '| database | scenario | conns | req/s | × empty route | × 401 | p50 ms | p99 ms | max ms | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const ceilings = rows.filter((other) => other.db === row.db && other.scenario.startsWith('empty')).map((other) => other.rps);
    const ceiling = ceilings.length ? ceilings.reduce((sum, rps) => sum + rps, 0) / ceilings.length : row.rps;
    const refused = rows.find((other) => other.db === row.db && other.scenario === UNAUTHENTICATED)?.rps;
    lines.push(
      `| ${row.db} | ${row.scenario} | ${row.connections} | ${row.rps} | ${(row.rps / ceiling).toFixed(2)} | ${refused ? (row.rps / refused).toFixed(2) : '–'} | ${row.p50} | ${row.p99} | ${row.max} | ${row.non2xx} | ${row.errors} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  await ensureBuild();
  const rows: Row[] = [];
  let plan = '';
  for (const kind of cli.databases) {
    const result = await benchDatabase(kind);
    rows.push(...result.rows);
    if (kind === 'postgres') plan = result.plan;
  }
  const report = [
    `# Benchmark — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine()}.`,
    `Command: \`npm run bench -- --db ${cli.db} --duration ${DURATION} --rows ${ROWS} --warmup ${WARMUP_SECONDS}${RATE_LIMIT_AB_ROUNDS > 0 ? ` --rate-limit-ab ${RATE_LIMIT_AB_ROUNDS}` : ''}\`; autocannon and the server share the machine; every scenario warmed ${WARMUP_SECONDS} s, then measured ${DURATION} s. "× empty route" is a share of the mean of the two empty-route measurements, the first and the last of each server; "× 401" a share of the vendor route refused without a key (the floor issue 29 states its targets against).`,
    '',
    table(rows),
    '',
    ...(RATE_LIMIT_AB_ROUNDS > 0 ? [rateLimitSummary(rows), ''] : []),
    ...(plan ? ["Driver listing plan (PostgreSQL; the route's own statement, prepared and planned generically):", '', '```', plan, '```', ''] : []),
  ].join('\n');
  fs.writeFileSync(path.join(import.meta.dirname, 'results', RATE_LIMIT_AB_ROUNDS > 0 ? 'rate-limit.md' : 'latest.md'), report);
  console.log(`\n${report}`);
}

runBench(main);
