import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { CROSS_SITE, call, postRefusedAsStaff } from '@/test/api';
import { deliverAll, setUpDeliveryHarness } from '@/test/delivery-harness';
import { newAccount, staffOfNewAccount } from '@/test/fixtures';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import {
  WebhookDeliveryDetailResponseSchema,
  WebhookDeliveryListResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointResponseSchema,
} from '@/lib/webhooks/shared/schemas';
import { sendTestEvent } from '@/lib/webhooks/server/internal/send-test-event';

// The dashboard's webhook settings: the same domain operations as /ext/webhook/*, behind a
// staff session and scoped to the staff member's account.

const { receiver } = setUpDeliveryHarness();

/** A staff member whose account's webhook goes to the receiver at `path`. */
async function staffWithWebhook(path: string) {
  const staff = await staffOfNewAccount();
  await registerWebhook({ accountId: staff.account.id, url: `${receiver.url}/${path}`, allowPrivate: true });
  return staff;
}

describe('authentication and CSRF', () => {
  it.each([
    ['GET', '/api/staff/webhook'],
    ['POST', '/api/staff/webhook'],
    ['POST', '/api/staff/webhook/enable'],
    ['POST', '/api/staff/webhook/test'],
    ['GET', '/api/staff/webhook/secret'],
    ['POST', '/api/staff/webhook/secret/rotate'],
    ['GET', '/api/staff/webhook/deliveries'],
    ['GET', '/api/staff/webhook/deliveries/whd_anything'],
    ['POST', '/api/staff/webhook/deliveries/whd_anything/redeliver'],
    ['DELETE', '/api/staff/webhook'],
  ])('answers %s %s with 401 without a session, and to a vendor API key', async (method, path) => {
    const account = await newAccount();
    const missing = await call(method, path, { body: method === 'POST' ? {} : undefined });
    expect(missing.status).toBe(401);
    expect(missing.body.error).toBe('unauthorized');
    expect((await call(method, path, { apiKey: account.api_key })).status).toBe(401);
  });

  it('refuses cross-site writes with 403 and changes nothing', async () => {
    const { account, cookie } = await staffWithWebhook('csrf');
    const delivery = await sendTestEvent({ accountId: account.id });
    await deliverAll();
    const writes: [string, unknown?][] = [
      ['/api/staff/webhook', { webhook: `${receiver.url}/csrf-other` }],
      ['/api/staff/webhook/enable'],
      ['/api/staff/webhook/test'],
      ['/api/staff/webhook/secret/rotate'],
      [`/api/staff/webhook/deliveries/${delivery.id}/redeliver`],
    ];
    for (const [path, body] of writes) {
      const response = await call('POST', path, { cookie, body, headers: CROSS_SITE });
      expect(response.status, path).toBe(403);
      expect(response.body.error).toBe('cross_site_request');
    }
    const endpoints = await db().webhookEndpoint.findMany({ where: { accountId: account.id }, select: { url: true } });
    expect(endpoints).toEqual([{ url: `${receiver.url}/csrf` }]);
    expect(await db().webhookDelivery.count({ where: { accountId: account.id } })).toBe(1);
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe('succeeded');
    const { webhookSecret } = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    expect(webhookSecret).toBe(account.webhook_secret);
  });
});

describe('GET /api/staff/webhook', () => {
  it('answers 200 with data null while the account has no webhook (the vendor API keeps its 404)', async () => {
    // "None yet" used to be a 404, which the browser logged as an error on every visit to /settings.
    const { cookie, account } = await staffOfNewAccount();
    const response = await call('GET', '/api/staff/webhook', { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: null });
    const vendor = await call('GET', '/ext/webhook', { apiKey: account.api_key });
    expect(vendor.status).toBe(404);
    expect(vendor.body.error).toBe('not_found');
  });

  it("shows the account's own endpoint and its health, never another account's", async () => {
    const { cookie } = await staffWithWebhook('health');
    await staffWithWebhook('health-other');
    const response = await call('GET', '/api/staff/webhook', { cookie });
    expect(response.status).toBe(200);
    expect(WebhookEndpointResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toMatchObject({ url: `${receiver.url}/health`, status: 'active', disabled_reason: null, pending_deliveries: 0 });
  });
});

describe('POST /api/staff/webhook', () => {
  it('says which field is missing when the URL is sent under another name', async () => {
    const { cookie } = await staffOfNewAccount();
    const response = await call('POST', '/api/staff/webhook', { cookie, body: { url: `${receiver.url}/misnamed` } });
    expect(response.status).toBe(400);
    expect(response.body.error_desc).toBe('webhook: is required');
  });

  it('registers a URL that answers the signed ping with 200, and replaces the previous one', async () => {
    const { account, cookie } = await staffOfNewAccount();
    const first = await call('POST', '/api/staff/webhook', { cookie, body: { webhook: `${receiver.url}/first` } });
    expect(first.status).toBe(204);
    expect(receiver.received.at(-1)?.path).toBe('/hooks/first');
    const second = await call('POST', '/api/staff/webhook', { cookie, body: { webhook: `${receiver.url}/second` } });
    expect(second.status).toBe(204);
    const active = await db().webhookEndpoint.findMany({ where: { accountId: account.id, isActive: true }, select: { url: true } });
    expect(active).toEqual([{ url: `${receiver.url}/second` }]);
  });

  it('refuses a URL that does not answer 200 with 400 webhook_unreachable naming the field and the reason', async () => {
    const { account, cookie } = await staffOfNewAccount();
    receiver.answer = () => ({ status: 500 });
    const response = await call('POST', '/api/staff/webhook', { cookie, body: { webhook: `${receiver.url}/failing` } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('webhook_unreachable');
    expect(response.body.error_desc).toMatch(/^webhook: .*HTTP 500/);
    expect(await db().webhookEndpoint.count({ where: { accountId: account.id } })).toBe(0);
  });

  it.each([[{}], [{ webhook: 'not a url' }], [{ webhook: 'ftp://example.com/hook' }], [{ webhook: 42 }]])(
    'refuses %j with 400 invalid_request and writes nothing',
    async (body) => {
      const account = await postRefusedAsStaff('/api/staff/webhook', body, 'webhook');
      expect(await db().webhookEndpoint.count({ where: { accountId: account.id } })).toBe(0);
    },
  );
});

describe('DELETE /api/staff/webhook', () => {
  it('removes the webhook: nothing more is queued or sent, and what was pending is closed as failed with the reason', async () => {
    const { account, cookie } = await staffWithWebhook('remove');
    const other = await staffWithWebhook('remove-other');
    receiver.answer = () => ({ status: 500 });
    const pending = await sendTestEvent({ accountId: account.id });
    const response = await call('DELETE', '/api/staff/webhook', { cookie });
    expect(response.status).toBe(204);
    expect((await call('GET', '/api/staff/webhook', { cookie })).body).toEqual({ data: null });
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({
      status: 'failed',
      lastError: 'not sent: the webhook was removed',
    });
    // Nothing to send to any more: a test event is refused, and the other account keeps its webhook.
    expect((await call('POST', '/api/staff/webhook/test', { cookie })).status).toBe(409);
    expect((await call('GET', '/api/staff/webhook', { cookie: other.cookie })).body.data).toMatchObject({ url: `${receiver.url}/remove-other` });
    // Removing twice: nothing left to remove.
    expect((await call('DELETE', '/api/staff/webhook', { cookie })).status).toBe(404);
  });

  it('refuses a cross-site removal with 403 and keeps the webhook', async () => {
    const { cookie } = await staffWithWebhook('remove-csrf');
    expect((await call('DELETE', '/api/staff/webhook', { cookie, headers: CROSS_SITE })).status).toBe(403);
    expect((await call('GET', '/api/staff/webhook', { cookie })).body.data).toMatchObject({ url: `${receiver.url}/remove-csrf` });
  });
});

describe('POST /api/staff/webhook/enable', () => {
  it('answers 404 while the account has no webhook', async () => {
    const { cookie } = await staffOfNewAccount();
    expect((await call('POST', '/api/staff/webhook/enable', { cookie })).status).toBe(404);
  });

  it('enables a disabled endpoint again and replays what is pending', async () => {
    const { account, cookie } = await staffWithWebhook('enable');
    await db().webhookEndpoint.updateMany({
      where: { accountId: account.id },
      data: { disabledAt: new Date(), disabledReason: 'failing for 24 hours', failingSince: new Date() },
    });
    const pending = await sendTestEvent({ accountId: account.id });
    const disabled = (await call('GET', '/api/staff/webhook', { cookie })).body.data;
    expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: 'failing for 24 hours', pending_deliveries: 1 });

    const response = await call('POST', '/api/staff/webhook/enable', { cookie });
    expect(response.status).toBe(200);
    expect(WebhookEndpointResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toMatchObject({ status: 'active', disabled_reason: null, failing_since: null });
    await deliverAll();
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('succeeded');
  });
});

describe('POST /api/staff/webhook/test', () => {
  it('answers 409 invalid_state while the account has no webhook, and queues nothing', async () => {
    const { account, cookie } = await staffOfNewAccount();
    const response = await call('POST', '/api/staff/webhook/test', { cookie });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('invalid_state');
    expect(await db().webhookDelivery.count({ where: { accountId: account.id } })).toBe(0);
  });

  it('queues a webhook.ping that is delivered like any event', async () => {
    const { cookie } = await staffWithWebhook('test-event');
    const response = await call('POST', '/api/staff/webhook/test', { cookie });
    expect(response.status).toBe(202);
    expect(WebhookDeliveryResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toMatchObject({ event_type: 'webhook.ping', status: 'pending', url: `${receiver.url}/test-event` });
    await deliverAll();
    expect(receiver.received.some((request) => request.headers['webhook-id'] === response.body.data.event_id)).toBe(true);
  });
});

describe('GET /api/staff/webhook/secret and POST /api/staff/webhook/secret/rotate', () => {
  it("reveals the account's secret uncached; after a rotation the new one, and until when the old one signs", async () => {
    const { account, cookie } = await staffOfNewAccount();
    const revealed = await call('GET', '/api/staff/webhook/secret', { cookie });
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
    expect(revealed.body).toEqual({ data: { secret: account.webhook_secret, previous_secret_expires_at: null } });

    const rotated = await call('POST', '/api/staff/webhook/secret/rotate', { cookie });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const { webhook_secret, previous_secret_expires_at } = rotated.body.data;
    expect(webhook_secret).toMatch(/^whsec_/);
    expect(webhook_secret).not.toBe(account.webhook_secret);

    const after = await call('GET', '/api/staff/webhook/secret', { cookie });
    expect(after.body).toEqual({ data: { secret: webhook_secret, previous_secret_expires_at } });
  });

  it("reveals only the signed-in staff member's own account's secret", async () => {
    const mine = await staffOfNewAccount();
    const other = await staffOfNewAccount();
    expect((await call('GET', '/api/staff/webhook/secret', { cookie: mine.cookie })).body.data.secret).toBe(mine.account.webhook_secret);
    await call('POST', '/api/staff/webhook/secret/rotate', { cookie: mine.cookie });
    const { webhookSecret } = await db().account.findUniqueOrThrow({ where: { id: other.account.id } });
    expect(webhookSecret).toBe(other.account.webhook_secret);
  });
});

describe('GET /api/staff/webhook/deliveries', () => {
  it("lists the account's deliveries newest first, filtered and paged by cursor, never another account's", async () => {
    const { account, cookie } = await staffWithWebhook('log');
    const other = await staffWithWebhook('log-other');
    const first = await sendTestEvent({ accountId: account.id });
    const second = await sendTestEvent({ accountId: account.id });
    await sendTestEvent({ accountId: other.account.id });

    const page1 = await call('GET', '/api/staff/webhook/deliveries?limit=1', { cookie });
    expect(page1.status).toBe(200);
    expect(WebhookDeliveryListResponseSchema.parse(page1.body)).toEqual(page1.body);
    expect(page1.body.data.map((delivery: { id: string }) => delivery.id)).toEqual([second.id]);
    const page2 = await call('GET', `/api/staff/webhook/deliveries?limit=1&cursor=${encodeURIComponent(page1.body.next_cursor)}`, { cookie });
    expect(page2.body.data.map((delivery: { id: string }) => delivery.id)).toEqual([first.id]);
    expect(page2.body.next_cursor).toBeNull();

    const pending = await call('GET', '/api/staff/webhook/deliveries?status=pending&event_type=webhook.ping', { cookie });
    expect(pending.body.data).toHaveLength(2);
    await deliverAll();
    expect((await call('GET', '/api/staff/webhook/deliveries?status=pending', { cookie })).body.data).toEqual([]);
    expect((await call('GET', '/api/staff/webhook/deliveries?status=succeeded', { cookie })).body.data).toHaveLength(2);
  });

  it.each(['status=sent', 'event_type=order.created', 'limit=0', 'limit=abc'])('refuses ?%s with 400 invalid_request', async (query) => {
    const { cookie } = await staffOfNewAccount();
    const response = await call('GET', `/api/staff/webhook/deliveries?${query}`, { cookie });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });
});

describe('GET /api/staff/webhook/deliveries/{id}', () => {
  it('shows a delivery of the account with every attempt', async () => {
    const { account, cookie } = await staffWithWebhook('detail');
    receiver.answer = () => ({ status: 503 });
    const delivery = await sendTestEvent({ accountId: account.id });
    await deliverAll();
    const response = await call('GET', `/api/staff/webhook/deliveries/${delivery.id}`, { cookie });
    expect(response.status).toBe(200);
    expect(WebhookDeliveryDetailResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toMatchObject({ id: delivery.id, status: 'pending', attempt_count: 1, last_status_code: 503 });
    expect(response.body.data.attempts).toEqual([
      { number: 1, started_at: expect.any(String), status_code: 503, latency_ms: expect.any(Number), response_snippet: 'nope', error: 'HTTP 503' },
    ]);
  });

  it("answers 404 for another account's delivery and for an unknown id", async () => {
    const { cookie } = await staffWithWebhook('detail-mine');
    const other = await staffWithWebhook('detail-other');
    const theirs = await sendTestEvent({ accountId: other.account.id });
    for (const id of [theirs.id, 'whd_unknown']) {
      const response = await call('GET', `/api/staff/webhook/deliveries/${id}`, { cookie });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
  });
});

describe('POST /api/staff/webhook/deliveries/{id}/redeliver', () => {
  it('sends a finished delivery again as a new series of attempts', async () => {
    const { account, cookie } = await staffWithWebhook('redeliver');
    const delivery = await sendTestEvent({ accountId: account.id });
    await deliverAll();
    const response = await call('POST', `/api/staff/webhook/deliveries/${delivery.id}/redeliver`, { cookie });
    expect(response.status).toBe(202);
    expect(WebhookDeliveryResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toMatchObject({ id: delivery.id, status: 'pending', attempt_count: 1 });
    await deliverAll();
    const detail = (await call('GET', `/api/staff/webhook/deliveries/${delivery.id}`, { cookie })).body.data;
    expect(detail.status).toBe('succeeded');
    expect(detail.attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([200, 200]);
  });

  it("answers 404 for another account's delivery and for an unknown id, and sends nothing", async () => {
    const { cookie } = await staffWithWebhook('redeliver-mine');
    const other = await staffWithWebhook('redeliver-other');
    const theirs = await sendTestEvent({ accountId: other.account.id });
    await deliverAll();
    for (const id of [theirs.id, 'whd_unknown']) {
      const response = await call('POST', `/api/staff/webhook/deliveries/${id}/redeliver`, { cookie });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe('succeeded');
  });
});
