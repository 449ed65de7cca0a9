import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccountModes } from '@/lib/accounts/server/update-account-modes';
import { db, dbKind } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { pointAt } from '@/lib/fleet/server/sandbox/straight-line';
import { dispatchBody, newAccount } from '@/test/fixtures';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from '@/test/webhook-receiver';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';

// Two `npm run worker` processes against one PostgreSQL share the sandbox: every dispatch is
// driven to delivered exactly once through its lifecycle, each process takes part, and each
// dispatch's webhooks arrive in order.

const LIFECYCLE = ['new', 'assigned', 'accepted', 'near_pickup', 'ready_for_pickup', 'picked_up', 'near_destination', 'delivered'];
const PICKUP = { lat: 24.7136, lng: 46.6753, address_line: 'Olaya St, Riyadh' };
const DESTINATION = { ...pointAt(PICKUP, 1.5, 120), address_line: 'Nearby' };

const children: ChildProcess[] = [];
let receiver: WebhookReceiver;

interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
}

function startWorkerProcess(): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--experimental-wasm-modules', '--no-warnings', '--import', 'tsx', 'scripts/worker.ts'], {
    env: { ...process.env, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_POLL_MS: '50', SANDBOX_TICK_MS: '50' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const started = setInterval(() => {
      if (!/Sandbox simulator \S+ ticking/.test(output)) return;
      clearInterval(started);
      resolve({ child, output: () => output });
    }, 20);
    child.on('exit', (code) => {
      clearInterval(started);
      reject(new Error(`worker exited with ${code}: ${output}`));
    });
  });
}

async function stopGracefully(worker: WorkerProcess): Promise<number> {
  const exited = new Promise<number | null>((resolve) => worker.child.once('exit', resolve));
  worker.child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return Number(worker.output().match(/stopped after (\d+) steps/)?.[1] ?? -1);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await receiver.close();
});

describe('sandbox simulators in separate processes', () => {
  it('two worker processes on one PostgreSQL drive every dispatch through its lifecycle once, webhooks in order', async (context) => {
    if (dbKind() !== 'postgres') return context.skip();
    const account = await newAccount();
    await updateAccountModes({ accountId: account.id, input: { sandbox: true, sandbox_speed_kmh: 5_000 } });
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/pair`, allowPrivate: true });
    const workers = await Promise.all([startWorkerProcess(), startWorkerProcess()]);
    const dispatches = await Promise.all(
      Array.from({ length: 16 }, () => createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) })),
    );

    await waitFor(
      async () => (await db().dispatch.count({ where: { accountId: account.id, state: 'delivered', simNextAt: null } })) === dispatches.length,
      60_000,
      'every dispatch delivered',
    );
    const events = await db().dispatchEvent.count({ where: { accountId: account.id } });
    const firstOfEach = () => {
      const all = receiver.verified(account.webhook_secret).filter((event) => event.type !== 'webhook.ping');
      return all.filter((event, index) => all.findIndex((other) => other.id === event.id) === index);
    };
    await waitFor(() => firstOfEach().length === events, 30_000, 'every webhook');
    const steps = await Promise.all(workers.map(stopGracefully));
    expect(steps.every((count) => count > 0)).toBe(true);

    const received = firstOfEach();
    for (const dispatch of dispatches) {
      const own = received.filter((event) => event.payload.id === dispatch.id);
      expect(own.map((event) => event.sequence)).toEqual(own.map((_, index) => index + 1));
      const statuses = own.filter((event) => event.type === 'dispatch.status_updated').map((event) => event.payload.status.at(-1).status);
      expect(statuses).toEqual(LIFECYCLE);
    }
    const rows = await db().dispatch.findMany({ where: { accountId: account.id }, select: { statusHistory: true } });
    for (const row of rows) expect((row.statusHistory as { status: string }[]).map((entry) => entry.status)).toEqual(LIFECYCLE);
  });

  it('after kill -9 of one worker, the other takes its dispatches over once their claims expire, and finishes them', async (context) => {
    if (dbKind() !== 'postgres') return context.skip();
    const account = await newAccount();
    // Slow enough that every dispatch is still on its way when the first worker dies.
    await updateAccountModes({ accountId: account.id, input: { sandbox: true, sandbox_speed_kmh: 600 } });
    const [doomed, survivor] = await Promise.all([startWorkerProcess(), startWorkerProcess()]);
    const dispatches = await Promise.all(
      Array.from({ length: 8 }, () => createDispatch({ accountId: account.id, input: dispatchBody({ pickup: PICKUP, destination: DESTINATION }) })),
    );
    await waitFor(
      async () => (await db().dispatch.count({ where: { accountId: account.id, state: 'accepted' } })) === dispatches.length,
      30_000,
      'every dispatch on its way to the pickup',
    );
    doomed!.child.kill('SIGKILL');
    await waitFor(
      async () => (await db().dispatch.count({ where: { accountId: account.id, state: 'delivered', simNextAt: null } })) === dispatches.length,
      120_000,
      'every dispatch delivered by the survivor',
    );
    expect(await stopGracefully(survivor!)).toBeGreaterThan(0);
    const rows = await db().dispatch.findMany({ where: { accountId: account.id }, select: { statusHistory: true } });
    for (const row of rows) expect((row.statusHistory as { status: string }[]).map((entry) => entry.status)).toEqual(LIFECYCLE);
  }, 180_000);
});
