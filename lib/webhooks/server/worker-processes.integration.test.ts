import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, dbKind } from '@/lib/platform/server/db/client';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { dispatchBody, newAccount } from '@/test/fixtures';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from '@/test/webhook-receiver';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { platformScope } from '@/lib/platform/server/tenancy/scope';

// Two `npm run worker` processes against one PostgreSQL: every event is delivered, none is
// ever in flight twice at once, and each dispatch's events arrive in order; a worker killed with
// a batch in flight loses nothing.

const children: ChildProcess[] = [];
let receiver: WebhookReceiver;

function startWorkerProcess(env: Record<string, string> = {}): Promise<{ child: ChildProcess; id: string }> {
  const child = spawn(process.execPath, ['--experimental-wasm-modules', '--no-warnings', '--import', 'tsx', 'scripts/worker.ts'], {
    env: {
      ...process.env,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_WORKER_CONCURRENCY: '8',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Webhook worker (\S+) delivering/);
      if (match) resolve({ child, id: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}

/** The events the receiver got at `path` (pings left out), in the order it got them. */
function eventsAt(path: string) {
  return receiver.received
    .filter((request) => request.path === path && !request.body.includes('"webhook.ping"'))
    .map((request) => ({ id: String(request.headers['webhook-id']), ...(JSON.parse(request.body) as { sequence: number; payload: { id: string } }) }));
}

/** `count` dispatches of the account, each created and cancelled: two events a dispatch to deliver. */
async function cancelledDispatches(accountId: string, count: number) {
  const actor = { refType: 'admin' as const, refId: 'ops' };
  const dispatches = await Promise.all(Array.from({ length: count }, () => createDispatch({ accountId, input: dispatchBody() })));
  await Promise.all(dispatches.map((dispatch) => changeStatus({ id: dispatch.id, scope: platformScope(), status: 'cancelled', actor })));
  return dispatches;
}

/** Waits (a minute at most) until `expected` of the account's deliveries have succeeded. */
async function waitForSucceeded(accountId: string, expected: number) {
  await waitFor(async () => (await db().webhookDelivery.count({ where: { accountId, status: 'succeeded' } })) === expected, 60_000, `${expected} deliveries`);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

// Each test's workers end with it: the next test's deliveries are its own workers' alone.
afterEach(async () => {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }),
  );
  receiver.answer = () => ({ status: 200 });
});

afterAll(async () => {
  await receiver.close();
});

describe('webhook workers in separate processes', () => {
  it('two workers on one PostgreSQL deliver everything, never the same event twice at once, in order per dispatch', async (context) => {
    if (dbKind() !== 'postgres') return context.skip();
    const account = await newAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/pair`, allowPrivate: true });

    // Receiver: slow enough that both workers have deliveries in flight; one in ten fails once.
    const inFlight = new Map<string, number>();
    const overlaps: string[] = [];
    const failedOnce = new Set<string>();
    let served = 0;
    receiver.answer = (request) => {
      const id = String(request.headers['webhook-id']);
      const now = (inFlight.get(id) ?? 0) + 1;
      inFlight.set(id, now);
      if (now > 1) overlaps.push(id);
      setTimeout(() => inFlight.set(id, (inFlight.get(id) ?? 1) - 1), 30);
      if (++served % 10 === 0 && !failedOnce.has(id)) {
        failedOnce.add(id);
        return { status: 500, delayMs: 30 };
      }
      return { status: 200, delayMs: 30 };
    };

    const [first, second] = await Promise.all([startWorkerProcess(), startWorkerProcess()]);
    const dispatches = await cancelledDispatches(account.id, 60);
    const expected = dispatches.length * 2;

    await waitForSucceeded(account.id, expected);
    const events = eventsAt('/hooks/pair');
    expect(new Set(events.map((event) => event.id)).size).toBe(expected);
    expect(overlaps).toEqual([]);
    for (const dispatch of dispatches) {
      const sequences = events.filter((event) => event.payload.id === dispatch.id).map((event) => event.sequence);
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    }
    // Both processes took part.
    const workers = await db().$queryRaw<{ workerId: string }[]>`
      SELECT DISTINCT a.worker_id AS "workerId" FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
      WHERE d.account_id = ${account.id}`;
    expect(workers.map((row) => row.workerId).sort()).toEqual([first.id, second.id].sort());
  }, 90_000);

  it('loses nothing when a worker is killed (kill -9) with a batch in flight: another takes it over once the lease expires', async (context) => {
    if (dbKind() !== 'postgres') return context.skip();
    const account = await newAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/crash`, allowPrivate: true });
    const dispatches = await cancelledDispatches(account.id, 30);
    const expected = dispatches.length * 2;

    // The first twelve requests are answered (their attempts recorded, or waiting for the record);
    // the next ones hang, so the worker dies with a batch in flight.
    let answered = 0;
    let isHanging = true;
    receiver.answer = (request) => {
      if (request.path !== '/hooks/crash') return { status: 200 };
      if (!isHanging || ++answered <= 12) return { status: 200 };
      return 'hang';
    };
    const lease = { WEBHOOK_LEASE_MS: '2500', WEBHOOK_TIMEOUT_MS: '2000' };
    const doomed = await startWorkerProcess(lease);
    await waitFor(() => eventsAt('/hooks/crash').length >= 12 + 8, 30_000, 'a batch in flight');
    doomed.child.kill('SIGKILL');
    await new Promise((resolve) => doomed.child.once('exit', resolve));
    const orphaned = await db().$queryRaw<{ id: string; leaseExpiresAt: Date }[]>`
      SELECT id, lease_expires_at AS "leaseExpiresAt" FROM webhook_deliveries WHERE leased_by = ${doomed.id} AND status = 'pending'`;
    expect(orphaned.length).toBeGreaterThanOrEqual(8);

    isHanging = false;
    const heir = await startWorkerProcess(lease);
    await waitForSucceeded(account.id, expected);
    const events = eventsAt('/hooks/crash');
    expect(new Set(events.map((event) => event.id)).size).toBe(expected);
    for (const dispatch of dispatches) {
      // The killed worker's attempts are sent again: an event may arrive twice, never before the one ahead of it.
      const sequences = events.filter((event) => event.payload.id === dispatch.id).map((event) => event.sequence);
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    }
    // Its orphaned deliveries waited for their leases to expire, then the other worker sent them.
    for (const delivery of orphaned) {
      const attempts = await db().webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
      expect(attempts.map((attempt) => attempt.workerId)).toEqual([heir.id]);
      expect(attempts[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(delivery.leaseExpiresAt.getTime() - 50);
    }
  }, 120_000);
});
