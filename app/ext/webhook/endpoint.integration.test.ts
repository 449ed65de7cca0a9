import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { call, callTwiceIdempotent } from '@/test/api';
import { dispatchBody, newAccount } from '@/test/fixtures';
import { deliverAll, deliveryDetail, setUpDeliveryHarness, verifyWebhook as verify } from '@/test/delivery-harness';
import { waitFor } from '@/test/webhook-receiver';
import { sendTestEvent } from '@/lib/webhooks/server/internal/send-test-event';
import { TEST_EVENT_PAYLOAD } from '@/lib/webhooks/server/internal/send-test-event';
import { RotatedSecretResponseSchema, WebhookDeliveryDetailResponseSchema, WebhookDeliveryResponseSchema, WebhookEndpointResponseSchema } from '@/lib/webhooks/shared/schemas';

// The webhook endpoint through the vendor API: authentication, reading it, the test event, the
// secret's rotation and enabling it again (the operator API's too). The deliveries it makes are
// in deliveries.integration.test.ts.

const DAY_MS = 24 * 60 * 60 * 1000;

const { receiver, startWorker, accountWithWebhook, forPath: eventsAt, receivedFor } = setUpDeliveryHarness();

describe('authentication', () => {
  it.each([
    ['GET', '/ext/webhook'],
    ['POST', '/ext/webhook/enable'],
    ['POST', '/ext/webhook/test'],
    ['POST', '/ext/webhook/secret/rotate'],
    ['GET', '/ext/webhook/deliveries'],
    ['GET', '/ext/webhook/deliveries/whd_anything'],
    ['POST', '/ext/webhook/deliveries/whd_anything/redeliver'],
  ])('answers %s %s with 401 without a key or with a wrong one', async (method, path) => {
    const missing = await call(method, path);
    expect(missing.status).toBe(401);
    expect(missing.body.error).toBe('unauthorized');
    expect((await call(method, path, { apiKey: 'dsp_live_not-a-real-key' })).status).toBe(401);
  });

  it.each([
    ['POST', '/api/ops/accounts/acc_anything/webhook/enable'],
    ['GET', '/api/ops/webhook-deliveries/whd_anything'],
  ])('answers %s %s with 401 without the operator token or with a vendor key instead', async (method, path) => {
    const account = await newAccount();
    expect((await call(method, path)).status).toBe(401);
    const withKey = await call(method, path, { headers: { authorization: `Bearer ${account.api_key}` } });
    expect(withKey.status).toBe(401);
    expect(withKey.body.error).toBe('unauthorized');
  });
});

describe('without a registered webhook', () => {
  it.each([
    ['GET', '/ext/webhook', 404, 'not_found'],
    ['POST', '/ext/webhook/enable', 404, 'not_found'],
    ['POST', '/ext/webhook/test', 409, 'invalid_state'],
  ])('answers %s %s with %i %s, and queues nothing', async (method, path, status, error) => {
    const account = await newAccount();
    const response = await call(method, path, { apiKey: account.api_key });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(error);
    expect(await db().webhookDelivery.count({ where: { accountId: account.id } })).toBe(0);
  });
});

describe('GET /ext/webhook', () => {
  it('shows the registered endpoint and its health', async () => {
    const account = await accountWithWebhook('health');
    await createDispatch({ accountId: account.id, input: dispatchBody() });
    const response = await call('GET', '/ext/webhook', { apiKey: account.api_key });
    expect(response.status).toBe(200);
    expect(WebhookEndpointResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toMatchObject({
      id: expect.stringMatching(/^whe_/),
      url: `${receiver.url}/health`,
      status: 'active',
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
      last_success_at: null,
      pending_deliveries: 1,
    });

    await deliverAll();
    const after = (await call('GET', '/ext/webhook', { apiKey: account.api_key })).body.data;
    expect(after.pending_deliveries).toBe(0);
    expect(after.last_success_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  });
});

describe('POST /ext/webhook/test', () => {
  it('queues a signed webhook.ping that a worker delivers and the receiver verifies', async () => {
    const account = await accountWithWebhook('ping');
    const response = await call('POST', '/ext/webhook/test', { apiKey: account.api_key });
    expect(response.status).toBe(202);
    expect(WebhookDeliveryResponseSchema.parse(response.body)).toEqual(response.body);
    const queued = response.body.data;
    expect(queued).toMatchObject({
      id: expect.stringMatching(/^whd_/),
      event_id: expect.stringMatching(/^evt_/),
      event_type: 'webhook.ping',
      dispatch_id: null,
      sequence: null,
      url: `${receiver.url}/ping`,
      status: 'pending',
      attempt_count: 0,
      completed_at: null,
    });

    await startWorker();
    await waitFor(() => receivedFor(queued.event_id).length === 1, 10_000, 'the test event');
    const request = receivedFor(queued.event_id)[0]!;
    expect(Object.keys(JSON.parse(request.body))).toEqual(['type', 'id', 'timestamp', 'sequence', 'payload']);
    expect(verify(request, account.webhook_secret)).toEqual({
      type: 'webhook.ping',
      id: queued.event_id,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sequence: null,
      payload: TEST_EVENT_PAYLOAD,
    });

    await waitFor(async () => (await deliveryDetail(account.api_key, queued.id)).status === 'succeeded', 10_000, 'success recorded');
    const detail = await deliveryDetail(account.api_key, queued.id);
    expect(detail.body).toBe(request.body);
    expect(detail.attempts).toEqual([
      { number: 1, started_at: expect.any(String), status_code: 200, latency_ms: expect.any(Number), response_snippet: 'ok', error: null },
    ]);
  });

  it('queues one ping for a repeated Idempotency-Key and replays the answer', async () => {
    const account = await accountWithWebhook('ping-once');
    const [first] = await callTwiceIdempotent('POST', '/ext/webhook/test', { apiKey: account.api_key, key: randomUUID() });
    expect(first.status).toBe(202);
    expect(await db().webhookDelivery.count({ where: { accountId: account.id, eventType: 'webhook.ping' } })).toBe(1);
  });
});

describe('POST /ext/webhook/secret/rotate', () => {
  it('returns a new secret; deliveries carry signatures with the new and the old one until the overlap ends', async () => {
    const account = await accountWithWebhook('rotate');
    const before = Date.now();
    const response = await call('POST', '/ext/webhook/secret/rotate', { apiKey: account.api_key });
    expect(response.status).toBe(200);
    expect(RotatedSecretResponseSchema.parse(response.body)).toEqual(response.body);
    const { webhook_secret, previous_secret_expires_at } = response.body.data;
    expect(webhook_secret).toMatch(/^whsec_/);
    expect(webhook_secret).not.toBe(account.webhook_secret);
    expect(previous_secret_expires_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    const expiresAt = Date.parse(`${previous_secret_expires_at.replace(' ', 'T')}Z`);
    expect(expiresAt).toBeGreaterThanOrEqual(before + DAY_MS - 1);
    expect(expiresAt).toBeLessThan(Date.now() + DAY_MS + 1_000);

    const ping = (await call('POST', '/ext/webhook/test', { apiKey: account.api_key })).body.data;
    await deliverAll();
    const request = receivedFor(ping.event_id)[0]!;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(request, webhook_secret).id).toBe(ping.event_id);
    expect(verify(request, account.webhook_secret).id).toBe(ping.event_id);
  });

  it('rotates once for a repeated Idempotency-Key: the retry gets the same secret and the old one keeps signing', async () => {
    const account = await accountWithWebhook('rotate-once');
    const [first, again] = await callTwiceIdempotent('POST', '/ext/webhook/secret/rotate', { apiKey: account.api_key, key: randomUUID() });
    expect(again.status).toBe(200);
    expect(again.body.data.webhook_secret).toBe(first.body.data.webhook_secret);
    const stored = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    expect([stored.webhookSecret, stored.previousWebhookSecret]).toEqual([first.body.data.webhook_secret, account.webhook_secret]);
  });
});

describe('POST /ext/webhook/enable', () => {
  /** What the worker does after WEBHOOK_DISABLE_AFTER_MS of failures (lib/webhooks/server/worker-attempts.integration.test.ts), set directly. */
  async function disable(accountId: string) {
    const endpoint = await db().webhookEndpoint.findFirstOrThrow({ where: { accountId, isActive: true } });
    await db().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        disabledAt: new Date(),
        disabledReason: 'No successful delivery since 2026-01-01 00:00:00 UTC; last error: HTTP 500',
        failingSince: new Date(Date.now() - DAY_MS),
      },
    });
  }

  it('enables a disabled endpoint and replays the deliveries that waited', async () => {
    const account = await accountWithWebhook('disabled');
    await disable(account.id);
    await createDispatch({ accountId: account.id, input: dispatchBody() });
    const disabled = (await call('GET', '/ext/webhook', { apiKey: account.api_key })).body.data;
    expect(disabled).toMatchObject({
      status: 'disabled',
      disabled_at: expect.any(String),
      disabled_reason: expect.stringMatching(/^No successful delivery since/),
      pending_deliveries: 1,
    });

    await startWorker();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventsAt('disabled')).toHaveLength(0);

    const response = await call('POST', '/ext/webhook/enable', { apiKey: account.api_key });
    expect(response.status).toBe(200);
    expect(WebhookEndpointResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toMatchObject({ status: 'active', disabled_at: null, disabled_reason: null, failing_since: null });
    await waitFor(() => eventsAt('disabled').length === 1, 10_000, 'the replay');
    await waitFor(async () => (await call('GET', '/ext/webhook', { apiKey: account.api_key })).body.data.pending_deliveries === 0, 10_000, 'nothing pending');
  });

  describe('operator API', () => {
    it('POST /api/ops/accounts/{id}/webhook/enable enables any account’s endpoint', async () => {
      const account = await accountWithWebhook('ops-enable');
      await disable(account.id);
      const response = await call('POST', `/api/ops/accounts/${account.id}/webhook/enable`, { ops: true });
      expect(response.status).toBe(200);
      expect(WebhookEndpointResponseSchema.parse(response.body)).toEqual(response.body);
      expect(response.body.data).toMatchObject({ url: `${receiver.url}/ops-enable`, status: 'active', disabled_reason: null });
      expect((await call('GET', '/ext/webhook', { apiKey: account.api_key })).body.data.status).toBe('active');
    });

    it('answers 404 for an account without a webhook and for an unknown account', async () => {
      const account = await newAccount();
      for (const id of [account.id, 'acc_missing']) {
        const response = await call('POST', `/api/ops/accounts/${id}/webhook/enable`, { ops: true });
        expect(response.status).toBe(404);
        expect(response.body.error).toBe('not_found');
      }
    });

    it('GET /api/ops/webhook-deliveries/{id} shows any account’s delivery; 404 for an unknown id', async () => {
      const account = await accountWithWebhook('ops-detail');
      const ping = await sendTestEvent({ accountId: account.id });
      const response = await call('GET', `/api/ops/webhook-deliveries/${ping.id}`, { ops: true });
      expect(response.status).toBe(200);
      expect(WebhookDeliveryDetailResponseSchema.parse(response.body)).toEqual(response.body);
      expect(response.body.data).toMatchObject({ id: ping.id, event_type: 'webhook.ping', status: 'pending', attempts: [] });
      const missing = await call('GET', '/api/ops/webhook-deliveries/whd_missing', { ops: true });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('not_found');
    });
  });
});
