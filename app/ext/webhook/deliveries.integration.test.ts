import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeDestination } from '@/lib/dispatch/server/internal/change-destination';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newDriver } from '@/test/fixtures';
import { deliverAll, deliveryDetail, setUpDeliveryHarness } from '@/test/delivery-harness';
import { waitFor } from '@/test/webhook-receiver';
import { sendTestEvent } from '@/lib/webhooks/server/internal/send-test-event';
import { WebhookDeliveryDetailResponseSchema, WebhookDeliveryListResponseSchema, WebhookDeliveryResponseSchema } from '@/lib/webhooks/shared/schemas';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';

// An account's webhook deliveries through the vendor API: listing, reading one with its attempts,
// and sending one again. The endpoint itself is in endpoint.integration.test.ts.

type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListResponseSchema>;

const ACTOR = { refType: 'admin', refId: 'test' } as const;

const { receiver, startWorker, accountWithWebhook, forPath: eventsAt, receivedFor } = setUpDeliveryHarness();

describe('GET /ext/webhook/deliveries and GET /ext/webhook/deliveries/{id}', () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  let other: Awaited<ReturnType<typeof newAccount>>;
  let first: { id: string };
  let second: { id: string };
  let otherDispatch: { id: string };

  beforeAll(async () => {
    account = await accountWithWebhook('list');
    const driver = await newDriver();
    // Four events of the first dispatch, delivered; two of the second and a ping, pending.
    first = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await assignDriver({ id: first.id, scope: platformScope(), driverId: driver.id, actor: ACTOR });
    await changeDestination({ id: first.id, scope: accountScope(account.id), destination: { lat: 24.8, lng: 46.7 }, actor: { refType: 'vendor', refId: 'test' } });
    await deliverAll();
    second = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await changeStatus({ id: second.id, scope: platformScope(), status: 'cancelled', actor: ACTOR });
    await sendTestEvent({ accountId: account.id });
    other = await accountWithWebhook('list-other');
    otherDispatch = await createDispatch({ accountId: other.id, input: dispatchBody() });
  });

  async function list(query = ''): Promise<WebhookDeliveryList> {
    const response = await call('GET', `/ext/webhook/deliveries${query}`, { apiKey: account.api_key });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  it('lists only the caller’s deliveries, newest first, with next_cursor null on the last page', async () => {
    const response = await call('GET', '/ext/webhook/deliveries', { apiKey: account.api_key });
    expect(response.status).toBe(200);
    expect(WebhookDeliveryListResponseSchema.parse(response.body)).toEqual(response.body);
    const { data, next_cursor }: WebhookDeliveryList = response.body;
    expect(data).toHaveLength(7);
    expect(next_cursor).toBeNull();
    expect(new Set(data.map((delivery) => delivery.dispatch_id))).toEqual(new Set([first.id, second.id, null]));
    const created = data.map((delivery) => delivery.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('filters by event_type, status and dispatch_id, combined with AND', async () => {
    const driverEvents = await list('?event_type=dispatch.driver_assigned');
    expect(driverEvents.data.map((delivery) => [delivery.dispatch_id, delivery.sequence])).toEqual([[first.id, 3]]);
    expect((await list('?event_type=webhook.ping')).data.map((delivery) => delivery.dispatch_id)).toEqual([null]);

    const ofFirst = await list(`?dispatch_id=${first.id}`);
    expect(ofFirst.data.map((delivery) => delivery.sequence).sort()).toEqual([1, 2, 3, 4]);

    const succeeded = await list('?status=succeeded');
    expect(succeeded.data).toHaveLength(4);
    expect(succeeded.data.every((delivery) => delivery.dispatch_id === first.id)).toBe(true);
    expect((await list('?status=pending')).data).toHaveLength(3);
    expect((await list('?status=failed')).data).toEqual([]);

    const pendingOfSecond = await list(`?status=pending&dispatch_id=${second.id}&event_type=dispatch.status_updated`);
    expect(pendingOfSecond.data.map((delivery) => delivery.sequence).sort()).toEqual([1, 2]);
    expect((await list(`?status=succeeded&dispatch_id=${second.id}`)).data).toEqual([]);
  });

  it('does not show another account’s deliveries, even by dispatch_id', async () => {
    expect((await list(`?dispatch_id=${otherDispatch.id}`)).data).toEqual([]);
    expect((await list('?dispatch_id=dsp_unknown')).data).toEqual([]);
  });

  it('pages with next_cursor without skipping or repeating, filters included', async () => {
    const all = (await list()).data.map((delivery) => delivery.id);
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      paged.push(...page.data.map((delivery) => delivery.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(paged).toEqual(all);

    const firstPage = await list(`?dispatch_id=${first.id}&limit=3`);
    expect(firstPage.next_cursor).not.toBeNull();
    const rest = await list(`?dispatch_id=${first.id}&limit=3&cursor=${encodeURIComponent(firstPage.next_cursor!)}`);
    expect(rest.next_cursor).toBeNull();
    const ofFirst = (await list(`?dispatch_id=${first.id}`)).data.map((delivery) => delivery.id);
    expect([...firstPage.data, ...rest.data].map((delivery) => delivery.id)).toEqual(ofFirst);
    expect(ofFirst).toHaveLength(4);
  });

  it.each([
    ['?status=bogus', /^status: /],
    ['?limit=0', /^limit: must be at least 1/],
    ['?limit=201', /^limit: must be at most 200/],
    ['?limit=ten', /^limit: /],
    ['?event_type=dispatch.created', /^event_type: /],
    ['?cursor=not-a-cursor', /^cursor: /],
  ])('refuses %s with 400 invalid_request naming the parameter', async (query, message) => {
    const response = await call('GET', `/ext/webhook/deliveries${query}`, { apiKey: account.api_key });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(message);
  });

  it('shows one delivery with the exact body sent and every attempt', async () => {
    const [delivered] = (await list(`?event_type=dispatch.driver_assigned`)).data;
    const response = await call('GET', `/ext/webhook/deliveries/${delivered!.id}`, { apiKey: account.api_key });
    expect(response.status).toBe(200);
    expect(WebhookDeliveryDetailResponseSchema.parse(response.body)).toEqual(response.body);
    const detail = response.body.data;
    expect(detail).toMatchObject({ id: delivered!.id, status: 'succeeded', attempt_count: 1, last_status_code: 200, last_error: null });
    const [request] = receivedFor(detail.event_id);
    expect(detail.body).toBe(request!.body);
    expect(JSON.parse(detail.body)).toMatchObject({ type: 'dispatch.driver_assigned', id: detail.event_id, sequence: 3 });
    expect(detail.attempts).toHaveLength(1);
    expect(detail.attempts[0]).toMatchObject({ number: 1, status_code: 200, error: null });
  });

  it('answers 404 for another account’s delivery and for an unknown id', async () => {
    const [theirs] = (await call('GET', '/ext/webhook/deliveries', { apiKey: other.api_key })).body.data;
    for (const id of [theirs.id, 'whd_missing']) {
      const response = await call('GET', `/ext/webhook/deliveries/${id}`, { apiKey: account.api_key });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
  });
});

describe('POST /ext/webhook/deliveries/{id}/redeliver', () => {
  it('sends a failed delivery again as a new series: a worker delivers it with the same webhook-id', async () => {
    const account = await accountWithWebhook('down');
    receiver.answer = (request) => (request.path === '/hooks/down' ? { status: 500 } : { status: 200 });
    await createDispatch({ accountId: account.id, input: dispatchBody() });
    await startWorker({ maxAttempts: 2, retryBaseMs: 20 });
    const failedList = async () => (await call('GET', '/ext/webhook/deliveries?status=failed', { apiKey: account.api_key })).body.data;
    await waitFor(async () => (await failedList()).length === 1, 10_000, 'the delivery to fail');
    const [failed] = await failedList();
    expect(failed).toMatchObject({ status: 'failed', attempt_count: 2, last_status_code: 500, last_error: 'HTTP 500', next_attempt_at: null });
    expect(failed.completed_at).not.toBeNull();

    receiver.answer = () => ({ status: 200 });
    const response = await call('POST', `/ext/webhook/deliveries/${failed.id}/redeliver`, { apiKey: account.api_key });
    expect(response.status).toBe(202);
    expect(WebhookDeliveryResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toMatchObject({ id: failed.id, event_id: failed.event_id, status: 'pending', attempt_count: 2, completed_at: null });
    expect(response.body.data.next_attempt_at).not.toBeNull();

    await waitFor(async () => (await deliveryDetail(account.api_key, failed.id)).status === 'succeeded', 10_000, 'the redelivery');
    const detail = await deliveryDetail(account.api_key, failed.id);
    expect(detail.attempts.map((attempt: { number: number; status_code: number }) => [attempt.number, attempt.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    const sent = receivedFor(failed.event_id);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((request) => request.body)).size).toBe(1);
  });

  it('tries a pending delivery now instead of after its back-off', async () => {
    const account = await accountWithWebhook('slow-retry');
    receiver.answer = (request) => (request.path === '/hooks/slow-retry' ? { status: 503 } : { status: 200 });
    await createDispatch({ accountId: account.id, input: dispatchBody() });
    await startWorker({ retryBaseMs: 600_000 });
    await waitFor(() => eventsAt('slow-retry').length === 1, 10_000, 'the first attempt');
    const [pending] = (await call('GET', '/ext/webhook/deliveries?status=pending', { apiKey: account.api_key })).body.data;
    await waitFor(async () => (await deliveryDetail(account.api_key, pending.id)).attempt_count === 1, 10_000, 'the attempt recorded');

    receiver.answer = () => ({ status: 200 });
    const response = await call('POST', `/ext/webhook/deliveries/${pending.id}/redeliver`, { apiKey: account.api_key });
    expect(response.status).toBe(202);
    await waitFor(async () => (await deliveryDetail(account.api_key, pending.id)).status === 'succeeded', 10_000, 'the early retry');
    expect(eventsAt('slow-retry')).toHaveLength(2);
  });

  it('answers 404 for another account’s delivery and for an unknown id, and changes nothing', async () => {
    const account = await accountWithWebhook('redeliver-owner');
    const intruder = await accountWithWebhook('redeliver-intruder');
    const ping = await sendTestEvent({ accountId: account.id });
    await deliverAll();
    for (const id of [ping.id, 'whd_missing']) {
      const response = await call('POST', `/ext/webhook/deliveries/${id}/redeliver`, { apiKey: intruder.api_key });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
    expect(await deliveryDetail(account.api_key, ping.id)).toMatchObject({ status: 'succeeded', attempt_count: 1 });
  });

  it('answers 409 invalid_state when the account has no webhook registered any more', async () => {
    const account = await accountWithWebhook('gone');
    const ping = await sendTestEvent({ accountId: account.id });
    await deliverAll();
    // No API unregisters a webhook yet; the endpoint is switched off directly to reach the state.
    await db().webhookEndpoint.updateMany({ where: { accountId: account.id }, data: { isActive: false } });
    const response = await call('POST', `/ext/webhook/deliveries/${ping.id}/redeliver`, { apiKey: account.api_key });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('invalid_state');
    expect(await deliveryDetail(account.api_key, ping.id)).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    expect((await call('POST', '/ext/webhook/test', { apiKey: account.api_key })).status).toBe(409);
  });
});
