// What every benchmark needs: its command-line options, throwaway PostgreSQL databases and data
// directories, the production server and workers as child processes, a description of the
// machine, and the promise that all of them are gone when the bench ends, however it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// ---------------------------------------------------------------- cleanup on every exit

type Step = () => Promise<void> | void;
const steps: Step[] = [];
/** Steps under way (started by cleanUp or by the bench itself): the exit waits for them too. */
const running = new Set<Promise<void>>();
const children = new Set<ChildProcess>();

/**
 * Registers what undoes something the bench made (a database, a directory, a process); the steps
 * run last-in first-out when the bench ends: success, failure, Ctrl-C, SIGTERM or SIGHUP. The
 * returned function runs the step now, once (a second call waits for the first), and forgets it.
 */
export function onCleanup(step: Step): () => Promise<void> {
  let run: Promise<void> | undefined;
  const once = (): Promise<void> => {
    if (!run) {
      steps.splice(steps.indexOf(once) >>> 0, 1);
      run = (async () => step())().finally(() => running.delete(run!));
      running.add(run);
    }
    return run;
  };
  steps.push(once);
  return once;
}

async function cleanUp(): Promise<void> {
  while (steps.length > 0) {
    try {
      await steps.at(-1)!();
    } catch (error) {
      console.error('[bench] cleanup:', error);
    }
  }
  await Promise.allSettled([...running]);
}

/**
 * Runs a bench's `main` and exits: 0 when it succeeded, 1 when it threw, 128 + the signal's number
 * when interrupted; every registered cleanup step runs first. A second Ctrl-C, or an exit that
 * skips the steps (`process.exit` elsewhere), still kills the child processes, synchronously.
 */
export function runBench(main: () => Promise<void>): void {
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  // An error no one awaited still ends the bench through its cleanup, not halfway.
  let failing = false;
  process.on('uncaughtException', (error) => {
    console.error('[bench] uncaught:', error);
    if (failing) return;
    failing = true;
    void cleanUp().finally(() => process.exit(1));
  });
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.once(signal, () => {
      console.error(`\n[bench] ${signal}: stopping what the bench started and removing what it made…`);
      process.once(signal, () => process.exit(code));
      void cleanUp().finally(() => process.exit(code));
    });
  }
  main().then(
    () => cleanUp().then(() => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      return cleanUp().finally(() => process.exit(1));
    },
  );
}

/** A new directory under the system's temporary one, removed when the bench ends. */
export function temporaryDirectory(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

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
  // A connection the bench's cleanup ends (DROP DATABASE … WITH (FORCE)) fails its query; the
  // client's own 'error' event would otherwise crash the bench halfway through the cleanup.
  client.on('error', () => {});
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database; `drop` removes it, and the bench's end does if nothing did. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const drop = onCleanup(async () => void (await query(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  await query(ADMIN_URL, `CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

/**
 * Runs a project script (scripts/serve.ts, scripts/worker.ts) in production mode. BENCH_NODE_ARGS
 * adds Node options that NODE_OPTIONS refuses, for the server's processes only (its workers
 * inherit them), with their output shown: `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`
 * profiles each process, `BENCH_NODE_ARGS=--trace-gc` prints its collections.
 */
export function runScript(script: string, env: Record<string, string>, cwd = process.cwd()): ChildProcess {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, ['--experimental-wasm-modules', '--no-warnings', ...nodeArgs, '--import', 'tsx', script], {
    cwd,
    // The limits a bench needs: no demo data, and no per-account API rate limit (20/s by default),
    // which would refuse a bench's load; a bench that measures the limit sets an account's own.
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', SEED_DEMO: 'false', API_RATE_LIMIT_PER_S: '0', ...env },
    stdio: ['ignore', nodeArgs.length > 0 ? 'inherit' : 'ignore', 'inherit'],
  });
  // A server's own processes (node:cluster) exit when it does.
  children.add(child);
  const forget = onCleanup(() => stopProcess(child));
  child.once('exit', () => {
    children.delete(child);
    void forget();
  });
  return child;
}

/**
 * The same server `npm start` runs (scripts/serve.ts), once it answers its health check; `cwd`:
 * the checkout it serves (its own build and node_modules), by default this one.
 */
export async function startServer(env: Record<string, string> & { PORT: string }, cwd?: string): Promise<ChildProcess> {
  const server = runScript('scripts/serve.ts', env, cwd);
  for (let i = 0; i < 240 && server.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const exited = server.exitCode !== null;
  server.kill('SIGKILL');
  throw new Error(exited ? `the server exited (code ${server.exitCode}) before it became healthy` : 'the server did not become healthy in 120 s');
}

/** SIGTERM, then SIGKILL if it has not exited within 10 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
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
