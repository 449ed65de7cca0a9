import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeDestination } from '@/lib/dispatch/server/internal/change-destination';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { getDispatchJson } from '@/lib/dispatch/server/internal/get-dispatch';
import { dispatchBody, newDriver } from '@/test/fixtures';
import { deliveriesOf, dispatchesWithEvents, setUpDeliveryHarness } from '@/test/delivery-harness';
import { waitFor } from '@/test/webhook-receiver';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';

// The delivery worker's order and leases: every event delivered, each dispatch's events in order
// (held behind a pending one, released when it finishes), batches of many dispatches across two
// workers, a lease taken over, a stop that lets the attempt in flight finish. What an attempt
// records (retries, failures, endpoints) is worker-attempts.integration.test.ts.

const { receiver, startWorker, accountWithWebhook, forPath } = setUpDeliveryHarness();

/** Each dispatch's event sequences in the order the receiver got them (retries included). */
function sequencesByDispatch(path: string): Map<string, number[]> {
  const byDispatch = new Map<string, number[]>();
  for (const request of forPath(path)) {
    const event = JSON.parse(request.body) as { sequence: number; payload: { id: string } };
    byDispatch.set(event.payload.id, [...(byDispatch.get(event.payload.id) ?? []), event.sequence]);
  }
  return byDispatch;
}

describe('webhook delivery: order and leases', () => {
  it('delivers every event of a dispatch, signed (standardwebhooks verifies), in order, with the record of that moment', async () => {
    const account = await accountWithWebhook('lifecycle');
    const driver = await newDriver('fleet-9');
    const created = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const actor = { refType: 'admin' as const, refId: 'ops' };
    await assignDriver({ id: created.id, scope: platformScope(), driverId: driver.id, actor });
    await changeStatus({ id: created.id, scope: platformScope(), status: 'accepted', actor });
    await changeStatus({ id: created.id, scope: platformScope(), status: 'near_pickup', actor });
    await changeDestination({ id: created.id, scope: accountScope(account.id), destination: { lat: 24.8, lng: 46.7 }, actor: { refType: 'vendor', refId: 'test' } });
    await startWorker();
    await waitFor(() => forPath('lifecycle').length === 6, 10_000, 'six deliveries');

    const events = forPath('lifecycle').map((request) => ({ request, event: receiver.verified(account.webhook_secret).find((e) => e.id === request.headers['webhook-id'])! }));
    expect(events.map(({ event }) => [event.type, event.sequence, event.payload.status.at(-1).status])).toEqual([
      ['dispatch.status_updated', 1, 'new'],
      ['dispatch.status_updated', 2, 'assigned'],
      ['dispatch.driver_assigned', 3, 'assigned'],
      ['dispatch.status_updated', 4, 'accepted'],
      ['dispatch.status_updated', 5, 'near_pickup'],
      ['dispatch.destination_updated', 6, 'near_pickup'],
    ]);
    for (const { request, event } of events) {
      expect(Object.keys(JSON.parse(request.body))).toEqual(['type', 'id', 'timestamp', 'sequence', 'payload']);
      expect(event.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(event.payload.assigned_driver_id).toBe(event.sequence === 1 ? null : driver.id);
    }
    const driverEvent = events[2]!.event;
    expect(driverEvent.payload.driver).toEqual({ id: driver.id, name: driver.name, phone: driver.phone, fleet_id: 'fleet-9' });
    expect(driverEvent.payload.fleet_id).toBe('fleet-9');
    // The last event's payload is the record as GET returns it now, plus fleet_id.
    const record = JSON.parse(await getDispatchJson({ id: created.id, scope: accountScope(account.id) }));
    expect(events[5]!.event.payload).toEqual({ ...record, fleet_id: 'fleet-9' });

    // The receiver sees the last request before the worker records its answer.
    await waitFor(async () => (await deliveriesOf(account.id)).every((row) => row.status === 'succeeded'), 5_000, 'recorded');
    const rows = await deliveriesOf(account.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(6).fill(['succeeded', 1]));
  });

  it("holds a dispatch's later events while an earlier one is pending, without holding other dispatches", async () => {
    const account = await accountWithWebhook('ordered');
    const actor = { refType: 'admin' as const, refId: 'ops' };
    const first = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const second = await createDispatch({ accountId: account.id, input: dispatchBody() });
    for (const status of ['cancelled'] as const) {
      await changeStatus({ id: first.id, scope: platformScope(), status, actor });
      await changeStatus({ id: second.id, scope: platformScope(), status, actor });
    }
    // The first dispatch's first event fails twice; its second event must not overtake it.
    let failures = 0;
    receiver.answer = (request) => {
      const body = JSON.parse(request.body);
      return body.payload?.id === first.id && body.sequence === 1 && ++failures <= 2 ? { status: 500 } : { status: 200 };
    };
    await startWorker({ retryBaseMs: 150 });
    await waitFor(async () => (await deliveriesOf(account.id)).every((row) => row.status === 'succeeded'), 10_000, 'all delivered');

    const order = forPath('ordered').map((request) => JSON.parse(request.body) as { sequence: number; payload: { id: string } });
    const sequencesOf = (id: string) => order.filter((event) => event.payload.id === id).map((event) => event.sequence);
    expect(sequencesOf(first.id)).toEqual([1, 1, 1, 2]);
    expect(sequencesOf(second.id)).toEqual([1, 2]);
    // The second dispatch was not held back by the first one's retries.
    const lastOfSecond = order.findLastIndex((event) => event.payload.id === second.id);
    const lastOfFirst = order.findLastIndex((event) => event.payload.id === first.id);
    expect(lastOfSecond).toBeLessThan(lastOfFirst);
  });

  it('holds an event behind the pending one before it and releases it when that one finishes', async () => {
    const account = await accountWithWebhook('held');
    const created = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await changeStatus({ id: created.id, scope: platformScope(), status: 'cancelled', actor: { refType: 'admin', refId: 'ops' } });
    expect((await deliveriesOf(account.id)).map((row) => [row.sequence, row.held])).toEqual([
      [1, false],
      [2, true],
    ]);
    await startWorker();
    await waitFor(async () => (await deliveriesOf(account.id)).every((row) => row.status === 'succeeded' && !row.held), 5_000, 'release');
  });

  it('never strands a held event when events are written while their predecessors finish', async () => {
    const account = await accountWithWebhook('race');
    receiver.answer = () => ({ status: 200, delayMs: 2 });
    await startWorker({ concurrency: 8 });
    const actor = { refType: 'admin' as const, refId: 'ops' };
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        const created = await createDispatch({ accountId: account.id, input: dispatchBody() });
        await changeStatus({ id: created.id, scope: platformScope(), status: 'cancelled', actor });
      }),
    );
    // The stranded-hold safety net runs every 30 s; everything must arrive well before it.
    await waitFor(async () => (await deliveriesOf(account.id)).every((row) => row.status === 'succeeded'), 5_000, '60 deliveries');
    expect(await deliveriesOf(account.id)).toHaveLength(60);
  });

  it('on stop, lets the attempt in flight finish and record, and leaves nothing leased', async () => {
    const account = await accountWithWebhook('stopping');
    receiver.answer = () => ({ status: 200, delayMs: 300 });
    await createDispatch({ accountId: account.id, input: dispatchBody() });
    const worker = await startWorker();
    await waitFor(() => forPath('stopping').length === 1, 5_000, 'the attempt to start');
    await worker.stop();
    const [row] = await deliveriesOf(account.id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1, leasedBy: null, leaseExpiresAt: null });
  });

  it('keeps each dispatch in order while batches of many dispatches go out and are recorded together, with two workers', async () => {
    const account = await accountWithWebhook('batched-order');
    const failed = new Set<string>();
    // One event in five fails once; answers take a little while, so batches overlap.
    receiver.answer = (request) => {
      const id = String(request.headers['webhook-id']);
      if (request.path === '/hooks/batched-order' && !failed.has(id) && [...id].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 5 === 0) {
        failed.add(id);
        return { status: 500, delayMs: 3 };
      }
      return { status: 200, delayMs: 3 };
    };
    const dispatches = await dispatchesWithEvents(account.id, 30, 5);
    // No attempt times out (a request given up may still reach the receiver after its retry).
    const options = { concurrency: 16, retryBaseMs: 30, timeoutMs: 10_000, leaseMs: 20_000 };
    await Promise.all([startWorker(options), startWorker(options)]);
    await waitFor(async () => (await deliveriesOf(account.id)).every((row) => row.status === 'succeeded'), 30_000, '150 deliveries');

    const received = sequencesByDispatch('batched-order');
    for (const dispatch of dispatches) {
      const sequences = received.get(dispatch)!;
      // Retries repeat an event; none comes before an earlier one, none is missing.
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
      expect(new Set(sequences)).toEqual(new Set([1, 2, 3, 4, 5]));
    }
    // An event went out only after the one before it succeeded (its failed first try and then its success).
    const requests = forPath('batched-order').map((request) => ({ ...(JSON.parse(request.body) as { sequence: number; payload: { id: string } }), id: String(request.headers['webhook-id']) }));
    for (const [index, event] of requests.entries()) {
      if (event.sequence === 1) continue;
      const previous = requests.slice(0, index).filter((other) => other.payload.id === event.payload.id && other.sequence === event.sequence - 1);
      expect(previous.length).toBe(failed.has(previous[0]?.id ?? '') ? 2 : 1);
    }
    const rows = await deliveriesOf(account.id);
    expect(rows).toHaveLength(150);
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(150 + failed.size);
  });

  it('lets another worker take over a batch whose lease expired, and ignores the late record of the first', async () => {
    const account = await accountWithWebhook('takeover');
    // The receiver hangs until the stalled batch is out (a stalled worker), then answers.
    let isStalling = true;
    receiver.answer = (request) => (request.path === '/hooks/takeover' && isStalling ? 'hang' : { status: 200 });
    const dispatches = await dispatchesWithEvents(account.id, 3, 2);
    // A lease shorter than the attempt: what a worker stalled past its lease (or killed) leaves.
    const stalled = await startWorker({ leaseMs: 300, timeoutMs: 2_500, concurrency: 3 });
    await waitFor(() => forPath('takeover').length === 3, 5_000, 'the stalled batch');
    const leased = await deliveriesOf(account.id);
    expect(leased.filter((row) => row.leasedBy === stalled.id)).toHaveLength(3);
    isStalling = false;

    const taking = await startWorker();
    await waitFor(async () => (await deliveriesOf(account.id)).every((row) => row.status === 'succeeded'), 10_000, 'the takeover');
    // The stalled worker's attempts time out and are recorded, without undoing what the other did.
    await stalled.stop();
    const rows = await deliveriesOf(account.id);
    expect(rows.map((row) => [row.status, row.attempts, row.leasedBy])).toEqual(Array(6).fill(['succeeded', 1, null]));
    for (const row of rows.filter((row) => row.sequence === 1)) {
      const attempts = await db().webhookAttempt.findMany({ where: { deliveryId: row.id }, orderBy: { id: 'asc' } });
      expect(attempts.map((attempt) => [attempt.workerId, attempt.statusCode])).toEqual([
        [taking.id, 200],
        [stalled.id, null],
      ]);
    }
    for (const dispatch of dispatches) expect(sequencesByDispatch('takeover').get(dispatch)).toEqual([1, 1, 2]);
  });

  it('writes no delivery for a refused change (no event without its change)', async () => {
    const account = await accountWithWebhook('refused');
    const created = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await expect(changeStatus({ id: created.id, scope: platformScope(), status: 'delivered', actor: { refType: 'admin', refId: 'ops' } })).rejects.toMatchObject({
      code: 'invalid_transition',
    });
    expect(await deliveriesOf(account.id)).toHaveLength(1);
  });
});
