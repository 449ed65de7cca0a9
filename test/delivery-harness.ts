import { afterAll, afterEach, beforeAll } from 'vitest';
import { createWebhookReceiver } from '@/test/webhook-receiver';
import { DeliveryWorker, type WorkerOptions } from '@/lib/webhooks/worker';

/** Fast settings for delivery tests: short back-off, polling and timeouts; local receivers allowed. */
export const TEST_WORKER_OPTIONS: Partial<WorkerOptions> = { retryBaseMs: 100, pollMs: 50, timeoutMs: 1_000, leaseMs: 5_000, allowPrivate: true };

/** Delivers everything due now (one event per dispatch at a time) until nothing is left. */
export async function deliverAll(): Promise<void> {
  const worker = new DeliveryWorker(TEST_WORKER_OPTIONS);
  while ((await worker.runOnce()) > 0);
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

  return { receiver, startWorker };
}
