import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { order } from './orders';

// `kill -9` of the server (the process that owns the database and runs the webhook worker)
// while deliveries are in flight: after a restart every event is delivered. Counted by the
// receiver: each event id must arrive with a 200 at least once.

const PORT = 3110;
const BASE = `http://127.0.0.1:${PORT}`;
const OPS_TOKEN = 'crash-test-ops-token-0123456789';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DISPATCHES = 120;
const CANCELLED = 40;
const EVENTS = DISPATCHES + CANCELLED;


function startServer(env: Record<string, string>, log: string): ChildProcess {
  // Its own process group, so that kill -9 reaches npm start's script and the server it runs.
  const out = fs.openSync(log, 'a');
  return spawn(process.execPath, ['--experimental-wasm-modules', '--no-warnings', '--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await Promise.resolve().then(check).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const healthy = async () => (await fetch(`${BASE}/api/health`)).ok;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

for (const kind of ['pglite', 'postgres'] as const) {
  test(`kill -9 of the server mid-delivery loses no event (${kind})`, async () => {
    test.setTimeout(180_000);
    // The receiver answers slowly, so that deliveries are in flight when the server dies.
    const delivered = new Set<string>();
    let requests = 0;
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests++;
        setTimeout(() => {
          if (!body.includes('"webhook.ping"')) delivered.add(String(request.headers['webhook-id']));
          response.writeHead(200).end('ok');
        }, 100);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-crash-'));
    const database = `dispatch_crash_${randomBytes(4).toString('hex')}`;
    let databaseUrl = '';
    if (kind === 'postgres') {
      await adminQuery(`CREATE DATABASE ${database}`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    }
    const env = {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      OPS_TOKEN,
      SEED_DEMO: 'false',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_WORKER_CONCURRENCY: '4',
      WEBHOOK_TIMEOUT_MS: '1000',
      // A dead server's claims expire quickly on PostgreSQL (PGlite releases them at start).
      WEBHOOK_LEASE_MS: '2000',
      WEBHOOK_POLL_MS: '100',
      NEXT_TELEMETRY_DISABLED: '1',
    };
    const log = path.join(test.info().outputDir, 'server.log');
    fs.mkdirSync(test.info().outputDir, { recursive: true });
    let server = startServer(env, log);
    try {
      await waitUntil(healthy, 120_000, 'the server');
      const account = await (
        await fetch(`${BASE}/api/ops/accounts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${OPS_TOKEN}` },
          body: JSON.stringify({ name: 'Crash Kitchen' }),
        })
      ).json();
      const headers = { 'x-api-key': account.data.api_key as string };
      expect((await fetch(`${BASE}/ext/webhook`, { method: 'POST', headers, body: JSON.stringify({ webhook: receiverUrl }) })).status).toBe(204);

      const ids: string[] = [];
      for (let i = 0; i < DISPATCHES; i += 10) {
        const batch = await Promise.all(
          Array.from({ length: 10 }, async (_, j) => {
            const response = await fetch(`${BASE}/ext/dispatch`, { method: 'POST', headers, body: JSON.stringify(order(`crash-${i + j}`)) });
            expect(response.status).toBe(201);
            return (await response.json()).data.id as string;
          }),
        );
        ids.push(...batch);
      }
      for (const id of ids.slice(0, CANCELLED)) {
        const response = await fetch(`${BASE}/api/ops/dispatches/${id}/status`, {
          method: 'POST',
          headers: { authorization: `Bearer ${OPS_TOKEN}` },
          body: JSON.stringify({ status: 'cancelled' }),
        });
        expect(response.status).toBe(200);
      }

      await waitUntil(() => delivered.size >= 10, 30_000, 'the first deliveries');
      process.kill(-server.pid!, 'SIGKILL');
      const deliveredBeforeKill = delivered.size;
      expect(deliveredBeforeKill).toBeLessThan(EVENTS);

      server = startServer(env, log);
      await waitUntil(healthy, 120_000, 'the restarted server');
      await waitUntil(() => delivered.size === EVENTS, 60_000, `all ${EVENTS} events (have ${delivered.size})`);
      expect(delivered.size).toBe(EVENTS);
      test.info().annotations.push({
        type: 'measured',
        description: `${kind}: killed after ${deliveredBeforeKill} of ${EVENTS} events; all ${EVENTS} delivered after restart; ${requests - 1 - EVENTS} repeated deliveries`,
      });
    } finally {
      try {
        process.kill(-server.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      receiver.closeAllConnections();
      receiver.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  });
}
