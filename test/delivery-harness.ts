import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { call } from '@/test/api';
import { createWebhookReceiver, type ReceivedWebhook } from '@/test/webhook-receiver';
import { dispatchBody, newAccount } from '@/test/fixtures';
import { db } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { DeliveryWorker, type WorkerOptions } from '@/lib/webhooks/server/worker';

/** Fast settings for delivery tests: short back-off, polling and timeouts; local receivers allowed. */
export const TEST_WORKER_OPTIONS: Partial<WorkerOptions> = { retryBaseMs: 100, pollMs: 50, timeoutMs: 1_000, leaseMs: 5_000, allowPrivate: true };

/** Delivers everything due now (one event per dispatch at a time) until nothing is left. */
export async function deliverAll(): Promise<void> {
  const worker = new DeliveryWorker(TEST_WORKER_OPTIONS);
  while ((await worker.runOnce()) > 0);
}

/** The account's deliveries, oldest first. */
export async function deliveriesOf(accountId: string) {
  return db().webhookDelivery.findMany({ where: { accountId }, orderBy: [{ createdAt: 'asc' }, { sequence: 'asc' }] });
}

/** `count` dispatches of the account with `events` events each (sequence 1 from the creation, the rest written as the bench writes its backlog). */
export async function dispatchesWithEvents(accountId: string, count: number, events: number): Promise<string[]> {
  const created = await Promise.all(Array.from({ length: count }, () => createDispatch({ accountId, input: dispatchBody() })));
  await db().$executeRaw`
    INSERT INTO dispatch_events (id, account_id, dispatch_id, type, sequence, payload, created_at)
    SELECT 'evt_batch_' || d.id || '_' || s, d.account_id, d.id, 'dispatch.status_updated', s, d.record, now()
    FROM dispatches d, generate_series(2, ${events}::integer) s
    WHERE d.account_id = ${accountId}
    ORDER BY s, d.id`;
  return created.map((dispatch) => dispatch.id);
}

/**
 * A webhook receiver for the test file and workers started on demand: the receiver listens for
 * the whole file, every worker is stopped and the receiver answers 200 again after each test.
 */
export function setUpDeliveryHarness() {
  const receiver = createWebhookReceiver();
  const workers: DeliveryWorker[] = [];
  beforeAll(() => receiver.listen());
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    receiver.answer = () => ({ status: 200 });
  });
  afterAll(() => receiver.close());

  async function startWorker(options: Partial<WorkerOptions> = {}): Promise<DeliveryWorker> {
    const worker = new DeliveryWorker({ ...TEST_WORKER_OPTIONS, ...options });
    workers.push(worker);
    await worker.start();
    return worker;
  }

  /** An account whose webhook goes to the receiver at `/hooks/<path>`. */
  async function accountWithWebhook(path: string) {
    const account = await newAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/${path}`, allowPrivate: true });
    return account;
  }

  /** What the receiver got at `/hooks/<path>`, pings left out. */
  const forPath = (path: string) => receiver.received.filter((request) => request.path === `/hooks/${path}` && !request.body.includes('"webhook.ping"'));

  /** Every request the receiver got for one event (by `webhook-id`). */
  const receivedFor = (eventId: string) => receiver.received.filter((request) => request.headers['webhook-id'] === eventId);

  return { receiver, startWorker, accountWithWebhook, forPath, receivedFor };
}

/** A received webhook's body, verified with the account's secret (throws when the signature does not match). */
export function verifyWebhook(request: ReceivedWebhook, secret: string) {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as { type: string; id: string; timestamp: string; sequence: number | null; payload: unknown };
}

/** GET /ext/webhook/deliveries/{id} as the account: the delivery with its attempts. */
export async function deliveryDetail(apiKey: string, id: string) {
  const response = await call('GET', `/ext/webhook/deliveries/${id}`, { apiKey });
  expect(response.status).toBe(200);
  return response.body.data;
}
