// What both benchmarks need: their command-line options, throwaway PostgreSQL databases, the production server as a child
// process, and a description of the machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';

/** The command line's `--name value` options: `--db` (`pglite`, `postgres` or `both`, the default) and numbers. */
export function benchOptions(argv: readonly string[] = process.argv) {
  const given = new Map<string, string>();
  for (let i = 2; i < argv.length; i += 2) given.set(argv[i]!.replace(/^--/, ''), argv[i + 1] ?? '');
  const db = given.get('db') ?? 'both';
  return {
    db,
    databases: db === 'both' ? ['pglite', 'postgres'] : [db],
    number: (name: string, fallback: number) => Number(given.get(name) ?? fallback),
    text: (name: string, fallback: string) => given.get(name) ?? fallback,
  };
}

export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function query(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database; `drop` removes it. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await query(ADMIN_URL, `CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => void (await query(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

/**
 * Runs a project script (scripts/serve.ts, scripts/worker.ts) in production mode. BENCH_NODE_ARGS
 * adds Node options that NODE_OPTIONS refuses, for the server's processes only (its workers
 * inherit them), with their output shown: `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`
 * profiles each process, `BENCH_NODE_ARGS=--trace-gc` prints its collections.
 */
export function runScript(script: string, env: Record<string, string>, cwd = process.cwd()): ChildProcess {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, ['--experimental-wasm-modules', '--no-warnings', ...nodeArgs, '--import', 'tsx', script], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', nodeArgs.length > 0 ? 'inherit' : 'ignore', 'inherit'],
  });
}

/**
 * The same server `npm start` runs (scripts/serve.ts), once it answers its health check; `cwd`:
 * the checkout it serves (its own build and node_modules), by default this one.
 */
export async function startServer(env: Record<string, string> & { PORT: string }, cwd?: string): Promise<ChildProcess> {
  const server = runScript('scripts/serve.ts', env, cwd);
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGKILL');
  throw new Error('the server did not become healthy');
}

/** SIGTERM, then SIGKILL if it has not exited within 10 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/**
 * A JSON request to the bench's server that must succeed: the parsed answer (null for 204), or
 * an error with the status and body. `api` for a base URL, so each bench writes `api('POST', …)`.
 */
export function jsonApi(base: string) {
  return async function api<T = { data: Record<string, string> }>(method: string, url: string, body: unknown, headers: Record<string, string>): Promise<T> {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? null : await response.json()) as T;
  };
}
