import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { call } from '@/test/api';
import { setUpDeliveryHarness, TEST_WORKER_OPTIONS } from '@/test/delivery-harness';
import { type AdminSession, newAccount, newConsoleSessions } from '@/test/fixtures';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { sendTestEvent } from '@/lib/webhooks/server/internal/send-test-event';
import { DeliveryWorker } from '@/lib/webhooks/server/worker';

// The console's accounts: create (key and secret once), staff users, API keys, tariff, modes,
// webhook health with pause and re-enable: the ops API's domain code, admins only.

const { receiver } = setUpDeliveryHarness();

let admin: AdminSession;
let staffCookie: string;

beforeAll(async () => {
  ({ admin, staffCookie } = await newConsoleSessions());
});

const TARIFF = { currency: 'KWD', base_fare_minor: 1250, per_km_minor: 300, min_fare_minor: 2000, vat_rate_bps: 500 };

describe('admins only', () => {
  it.each([
    ['POST', '/api/admin/accounts'],
    ['GET', '/api/admin/accounts/acc_x'],
    ['PATCH', '/api/admin/accounts/acc_x/modes'],
    ['PUT', '/api/admin/accounts/acc_x/tariff'],
    ['GET', '/api/admin/accounts/acc_x/users'],
    ['POST', '/api/admin/accounts/acc_x/users'],
    ['GET', '/api/admin/accounts/acc_x/api-keys'],
    ['POST', '/api/admin/accounts/acc_x/api-keys'],
    ['DELETE', '/api/admin/accounts/acc_x/api-keys/key_x'],
    ['GET', '/api/admin/accounts/acc_x/webhook'],
    ['POST', '/api/admin/accounts/acc_x/webhook/enable'],
    ['POST', '/api/admin/accounts/acc_x/webhook/disable'],
  ])('%s %s: 401 signed out, 403 for staff', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' };
    expect((await call(method, path, { body })).status).toBe(401);
    const staff = await call(method, path, { cookie: staffCookie, body });
    expect(staff.status).toBe(403);
    expect(staff.body.error).toBe('forbidden');
  });

  it.each([
    ['GET', '/api/admin/accounts/acc_missing', undefined],
    ['PATCH', '/api/admin/accounts/acc_missing/modes', { sandbox: true }],
    ['PUT', '/api/admin/accounts/acc_missing/tariff', TARIFF],
    ['GET', '/api/admin/accounts/acc_missing/users', undefined],
    ['POST', '/api/admin/accounts/acc_missing/users', { email: 'nobody@example.com', name: 'N', password: 'a long enough password' }],
    ['GET', '/api/admin/accounts/acc_missing/api-keys', undefined],
    ['POST', '/api/admin/accounts/acc_missing/api-keys', { name: 'k' }],
    ['DELETE', '/api/admin/accounts/acc_missing/api-keys/key_x', undefined],
    ['GET', '/api/admin/accounts/acc_missing/webhook', undefined],
    ['POST', '/api/admin/accounts/acc_missing/webhook/enable', undefined],
    ['POST', '/api/admin/accounts/acc_missing/webhook/disable', { reason: 'r' }],
  ])('%s %s: 404 for an unknown account', async (method, path, body) => {
    const response = await call(method, path, { cookie: admin.cookie, body });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('not_found');
  });
});

describe('accounts', () => {
  it('creates an account whose key works and whose secret is shown once; reads it with modes and tariff', async () => {
    const created = await call('POST', '/api/admin/accounts', { cookie: admin.cookie, body: { name: 'Console Kitchen' } });
    expect(created.status).toBe(201);
    const { id, api_key: apiKey, webhook_secret: secret } = created.body.data;
    expect(apiKey).toMatch(/^dsp_/);
    expect(secret).toMatch(/^whsec_/);
    expect((await call('GET', '/ext/dispatches', { apiKey })).status).toBe(200);
    const read = await call('GET', `/api/admin/accounts/${id}`, { cookie: admin.cookie });
    expect(read.body.data).toEqual({
      id,
      name: 'Console Kitchen',
      created_at: expect.any(String),
      auto_assign: false,
      sandbox: false,
      sandbox_speed_kmh: 40,
      tariff: { currency: 'SAR', base_fare_minor: 1000, per_km_minor: 250, min_fare_minor: 1500, vat_rate_bps: 1500 },
      // The server's default (off in tests: test/setup-database.ts).
      rate_limit: { per_second: 0, burst: 0, is_default: true },
    });
    expect(JSON.stringify(read.body)).not.toContain(secret);
    expect((await call('POST', '/api/admin/accounts', { cookie: admin.cookie, body: { name: '' } })).status).toBe(400);
  });

  it('edits the tariff, which the next estimate uses; bad tariffs change nothing', async () => {
    const account = await newAccount();
    for (const body of [
      {},
      { ...TARIFF, currency: 'XYZ' },
      { ...TARIFF, currency: 'kwd' },
      { ...TARIFF, base_fare_minor: -1 },
      { ...TARIFF, per_km_minor: 2.5 },
      { ...TARIFF, vat_rate_bps: 10_001 },
      { ...TARIFF, min_fare_minor: '2000' },
      { ...TARIFF, min_fare_minor: undefined },
    ]) {
      const response = await call('PUT', `/api/admin/accounts/${account.id}/tariff`, { cookie: admin.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', `/api/admin/accounts/${account.id}`, { cookie: admin.cookie })).body.data.tariff.currency).toBe('SAR');
    const updated = await call('PUT', `/api/admin/accounts/${account.id}/tariff`, { cookie: admin.cookie, body: TARIFF });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual(TARIFF);
    const estimate = await call('POST', '/ext/estimate', {
      apiKey: account.api_key,
      body: { pickup: { lat: 24.7136, lng: 46.6753 }, destination: { lat: 24.7137, lng: 46.6754 } },
    });
    expect(estimate.status).toBe(200);
    expect(JSON.stringify(estimate.body)).toContain('KWD');
  });

  it('replaces the tariff through the ops API too', async () => {
    const account = await newAccount();
    expect((await call('PUT', `/api/ops/accounts/${account.id}/tariff`, { body: TARIFF })).status).toBe(401);
    expect((await call('PUT', `/api/ops/accounts/${account.id}/tariff`, { ops: true, body: { ...TARIFF, vat_rate_bps: -5 } })).status).toBe(400);
    expect((await call('PUT', '/api/ops/accounts/acc_missing/tariff', { ops: true, body: TARIFF })).status).toBe(404);
    const updated = await call('PUT', `/api/ops/accounts/${account.id}/tariff`, { ops: true, body: TARIFF });
    expect(updated.body.data).toEqual(TARIFF);
    expect((await call('GET', `/api/admin/accounts/${account.id}`, { cookie: admin.cookie })).body.data.tariff).toEqual(TARIFF);
  });

  it('changes the modes like the ops API, refusing bad values', async () => {
    const account = await newAccount();
    const changed = await call('PATCH', `/api/admin/accounts/${account.id}/modes`, { cookie: admin.cookie, body: { auto_assign: true, sandbox_speed_kmh: 300 } });
    expect(changed.body.data).toEqual({ auto_assign: true, sandbox: false, sandbox_speed_kmh: 300 });
    expect((await call('PATCH', `/api/admin/accounts/${account.id}/modes`, { cookie: admin.cookie, body: { sandbox_speed_kmh: 1 } })).status).toBe(400);
    expect((await call('GET', `/api/ops/accounts/${account.id}/modes`, { ops: true })).body.data.sandbox_speed_kmh).toBe(300);
  });

  it('creates staff users who can sign in, and lists them; refuses a taken email or short password', async () => {
    const account = await newAccount();
    const email = `Console-${Date.now()}@Example.com`;
    const created = await call('POST', `/api/admin/accounts/${account.id}/users`, {
      cookie: admin.cookie,
      body: { email, name: 'Front Desk', password: 'a long enough password' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: email.toLowerCase(), role: 'staff', accountId: account.id });
    const list = await call('GET', `/api/admin/accounts/${account.id}/users`, { cookie: admin.cookie });
    expect(list.body.data).toEqual([{ id: created.body.data.id, email: email.toLowerCase(), name: 'Front Desk', created_at: expect.any(String), disabled_at: null }]);
    const signIn = await call('POST', '/api/session', { headers: { 'sec-fetch-site': 'same-origin' }, body: { email, password: 'a long enough password' } });
    expect(signIn.status).toBe(200);
    for (const body of [{ email, name: 'Again', password: 'a long enough password' }, { email: 'new@example.com', name: 'N', password: 'short' }, { email: 'bad', name: 'N', password: 'a long enough password' }]) {
      expect((await call('POST', `/api/admin/accounts/${account.id}/users`, { cookie: admin.cookie, body })).status).toBe(400);
    }
    expect((await call('GET', `/api/admin/accounts/${account.id}/users`, { cookie: admin.cookie })).body.data).toHaveLength(1);
  });

  it('creates an API key shown once, lists prefixes only, revokes it; another account cannot revoke it', async () => {
    const account = await newAccount();
    const other = await newAccount();
    const created = await call('POST', `/api/admin/accounts/${account.id}/api-keys`, { cookie: admin.cookie, body: { name: 'POS' } });
    expect(created.status).toBe(201);
    const { id, key } = created.body.data;
    expect((await call('GET', '/ext/dispatches', { apiKey: key })).status).toBe(200);
    const list = await call('GET', `/api/admin/accounts/${account.id}/api-keys`, { cookie: admin.cookie });
    expect(list.body.data.map((row: { name: string }) => row.name)).toEqual(['POS', 'Default key']);
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect((await call('POST', `/api/admin/accounts/${account.id}/api-keys`, { cookie: admin.cookie, body: { name: '' } })).status).toBe(400);
    expect((await call('DELETE', `/api/admin/accounts/${other.id}/api-keys/${id}`, { cookie: admin.cookie })).status).toBe(404);
    expect((await call('DELETE', `/api/admin/accounts/${account.id}/api-keys/${id}`, { cookie: admin.cookie })).status).toBe(204);
    expect((await call('GET', '/ext/dispatches', { apiKey: key })).status).toBe(401);
    expect((await call('DELETE', `/api/admin/accounts/${account.id}/api-keys/${id}`, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe('webhook health', () => {
  it('answers 200 with data null while the account has no webhook', async () => {
    // "None yet" used to be a 404, which the browser logged as an error on every account page.
    const account = await newAccount();
    const response = await call('GET', `/api/admin/accounts/${account.id}/webhook`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: null });
  });

  it('shows an endpoint the worker disabled with its reason, and re-enables it: pending deliveries go out', async () => {
    const account = await newAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/console-enable`, allowPrivate: true });
    receiver.answer = () => ({ status: 500 });
    await sendTestEvent({ accountId: account.id });
    // The worker disables an endpoint whose failures outlast disableAfterMs (here 1 ms).
    const worker = new DeliveryWorker({ ...TEST_WORKER_OPTIONS, disableAfterMs: 1 });
    await worker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await worker.runOnce();
    const disabled = await call('GET', `/api/admin/accounts/${account.id}/webhook`, { cookie: admin.cookie });
    expect(disabled.body.data).toMatchObject({ status: 'disabled', pending_deliveries: 1 });
    expect(disabled.body.data.disabled_reason).toMatch(/^No successful delivery since .* last error: HTTP 500$/);

    receiver.answer = () => ({ status: 200 });
    const enabled = await call('POST', `/api/admin/accounts/${account.id}/webhook/enable`, { cookie: admin.cookie });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ status: 'active', disabled_at: null, disabled_reason: null, failing_since: null });
    await worker.runOnce();
    const healthy = await call('GET', `/api/admin/accounts/${account.id}/webhook`, { cookie: admin.cookie });
    expect(healthy.body.data).toMatchObject({ status: 'active', pending_deliveries: 0, last_success_at: expect.any(String) });
  });

  it('pauses an endpoint by hand with a reason (set in SQL or by the console), and enables it again', async () => {
    const account = await newAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/console-pause`, allowPrivate: true });
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }]) {
      expect((await call('POST', `/api/admin/accounts/${account.id}/webhook/disable`, { cookie: admin.cookie, body })).status).toBe(400);
    }
    expect((await call('GET', `/api/admin/accounts/${account.id}/webhook`, { cookie: admin.cookie })).body.data.status).toBe('active');
    const paused = await call('POST', `/api/admin/accounts/${account.id}/webhook/disable`, { cookie: admin.cookie, body: { reason: 'Receiver under maintenance' } });
    expect(paused.body.data).toMatchObject({ status: 'disabled', disabled_reason: `Paused by ${admin.email}: Receiver under maintenance` });
    await sendTestEvent({ accountId: account.id });
    const worker = new DeliveryWorker(TEST_WORKER_OPTIONS);
    expect(await worker.runOnce()).toBe(0); // nothing goes to a paused endpoint
    expect((await call('POST', `/api/admin/accounts/${account.id}/webhook/enable`, { cookie: admin.cookie })).body.data.status).toBe('active');
    expect(await worker.runOnce()).toBe(1);

    await db().$executeRaw`UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = 'set in SQL' WHERE account_id = ${account.id}`;
    expect((await call('GET', `/api/admin/accounts/${account.id}/webhook`, { cookie: admin.cookie })).body.data.disabled_reason).toBe('set in SQL');
    expect((await call('POST', `/api/admin/accounts/${account.id}/webhook/enable`, { cookie: admin.cookie })).body.data.status).toBe('active');
  });
});
