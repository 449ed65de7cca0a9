import { beforeAll, describe, expect, it } from 'vitest';
import * as eventsRoute from '@/app/api/admin/dispatches/events/route';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { ACCOUNT_COLUMNS, EXPORT_COLUMNS } from '@/lib/dispatch/server/internal/export-dispatches-csv';
import { AuditTrailResponseSchema } from '@/lib/dispatch/server/list-dispatch-audit';
import { DispatchResponseSchema, type DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { call } from '@/test/api';
import { setUpDeliveryHarness, TEST_WORKER_OPTIONS } from '@/test/delivery-harness';
import { waitFor } from '@/test/webhook-receiver';
import { DeliveryWorker } from '@/lib/webhooks/server/worker';
import { type AdminSession, dispatchBody, newAccount, newConsoleSessions, newDriver, uniqueSuffix } from '@/test/fixtures';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { DispatchDeliveryListResponseSchema } from '@/lib/webhooks/shared/schemas';
import { platformScope } from '@/lib/platform/server/tenancy/scope';

// The admin console's dispatch routes: every account's dispatches through the ops API's domain
// code, each action recorded as the signed-in admin.

const VENDOR = { refType: 'vendor', refId: 'test' } as const;
const { receiver } = setUpDeliveryHarness();

let admin: AdminSession;
let staffCookie: string;

beforeAll(async () => {
  ({ admin, staffCookie } = await newConsoleSessions());
});

const get = (path: string) => call('GET', path, { cookie: admin.cookie });
const post = (path: string, body: unknown) => call('POST', path, { cookie: admin.cookie, body });

interface Row {
  account: { id: string; name: string };
  driver: { id: string; name: string } | null;
  record: DispatchRecord;
}

/** Every row of a filtered list, following next_cursor. */
async function listAll(query: string, limit = 200): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const response = await get(`/api/admin/dispatches?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status).toBe(200);
    rows.push(...response.body.data);
    cursor = response.body.next_cursor;
  } while (cursor);
  return rows;
}

describe('admins only', () => {
  const id = 'dsp_anything';
  it.each([
    ['GET', '/api/admin/dispatches'],
    ['GET', '/api/admin/dispatches/export'],
    ['POST', '/api/admin/dispatches/bulk'],
    ['GET', '/api/admin/dispatches/events'],
    ['GET', `/api/admin/dispatches/${id}`],
    ['POST', `/api/admin/dispatches/${id}/assign`],
    ['POST', `/api/admin/dispatches/${id}/status`],
    ['GET', `/api/admin/dispatches/${id}/deliveries`],
    ['GET', `/api/admin/dispatches/${id}/driver`],
    ['GET', `/api/admin/dispatches/${id}/eta`],
    ['GET', `/api/admin/dispatches/${id}/audit`],
    ['GET', '/api/admin/drivers'],
  ])('%s %s: 401 signed out, 403 for staff', async (method, path) => {
    const body = method === 'GET' ? undefined : {};
    const signedOut = await call(method, path, { body });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error).toBe('unauthorized');
    const staff = await call(method, path, { cookie: staffCookie, body });
    expect(staff.status).toBe(403);
    expect(staff.body.error).toBe('forbidden');
  });

  it('refuses a cross-site write with 403, changing nothing', async () => {
    const account = await newAccount();
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const response = await call('POST', `/api/admin/dispatches/${dispatch.id}/status`, {
      cookie: admin.cookie,
      body: { status: 'cancelled' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect((await db().dispatch.findUniqueOrThrow({ where: { id: dispatch.id } })).state).toBe('new');
  });
});

describe('GET /api/admin/dispatches', () => {
  it('lists every account’s dispatches newest first, each with its account, and filters by each field', async () => {
    const tag = uniqueSuffix();
    const north = await newAccount(`North ${tag}`);
    const south = await newAccount(`South ${tag}`);
    const driver = await newDriver(`fleet-${tag}`);
    const a1 = await createDispatch({ accountId: north.id, input: dispatchBody({ vendor_bid: `bid-${tag}` }) });
    const a2 = await createDispatch({
      accountId: north.id,
      input: dispatchBody({ vendor_bid: `bid-${tag}`, user_metadata: { ...dispatchBody().user_metadata, phone: `+9665${tag.slice(0, 8).replace(/\D/g, '7').padEnd(8, '7')}` } }),
    });
    const b1 = await createDispatch({ accountId: south.id, input: dispatchBody({ vendor_bid: `bid-${tag}` }) });
    await assignDriver({ id: a1.id, scope: platformScope(), driverId: driver.id, actor: VENDOR });
    await changeStatus({ id: b1.id, scope: platformScope(), status: 'cancelled', actor: VENDOR });

    const all = await listAll(`vendor_bid=bid-${tag}`);
    expect(all.map((row) => row.record.id)).toEqual([b1.id, a2.id, a1.id]);
    expect(all[0]!.account).toEqual({ id: south.id, name: `South ${tag}` });
    expect(all[1]!.account).toEqual({ id: north.id, name: `North ${tag}` });
    expect(all[2]!.driver).toEqual({ id: driver.id, name: driver.name });
    expect(all[1]!.driver).toBeNull();
    expect(DispatchResponseSchema.parse({ data: all[0]!.record }).data).toEqual(all[0]!.record);

    const ids = async (query: string) => (await listAll(`vendor_bid=bid-${tag}&${query}`)).map((row) => row.record.id);
    expect(await ids(`account_id=${north.id}`)).toEqual([a2.id, a1.id]);
    expect(await ids('status=cancelled')).toEqual([b1.id]);
    expect(await ids(`driver_id=${driver.id}`)).toEqual([a1.id]);
    expect(await ids(`fleet_id=fleet-${tag}`)).toEqual([a1.id]);
    expect(await ids(`fleet_id=fleet-none-${tag}`)).toEqual([]);
    expect(await ids(`q=${a2.vendor_oid}`)).toEqual([a2.id]);
    expect(await ids(`q=${a1.r_id.toLowerCase()}`)).toEqual([a1.id]);
    expect(await ids(`q=${encodeURIComponent(a2.user_metadata.phone)}`)).toEqual([a2.id]);
    const created = new Date(a2.created_at.replace(' ', 'T') + 'Z');
    expect(await ids(`created_from=${encodeURIComponent(created.toISOString())}&account_id=${north.id}`)).toEqual([a2.id]);
    expect(await ids(`created_to=${encodeURIComponent(created.toISOString())}&account_id=${north.id}`)).toEqual([a1.id]);
  });

  it('pages with a keyset cursor without repeats or gaps', async () => {
    const account = await newAccount();
    const made = [];
    for (let i = 0; i < 7; i++) made.push((await createDispatch({ accountId: account.id, input: dispatchBody() })).id);
    const seen = (await listAll(`account_id=${account.id}`, 3)).map((row) => row.record.id);
    expect(seen).toEqual(made.reverse());
  });

  it.each([
    ['status=lost', /^status: /],
    ['limit=0', /^limit: /],
    ['limit=201', /^limit: /],
    ['cursor=nonsense', /^cursor: /],
    ['created_from=yesterday', /^created_from: /],
    ['q=%00', /^q: /],
    ['account_id=%00', /^account_id: /],
  ])('answers 400 for %s', async (query, message) => {
    const response = await get(`/api/admin/dispatches?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(message);
  });
});

describe('GET /api/admin/dispatches/export', () => {
  it('downloads the filter as CSV, each row starting with its account', async () => {
    const account = await newAccount(`Export ${uniqueSuffix()}`);
    const first = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const second = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const response = await get(`/api/admin/dispatches/export?account_id=${account.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="dispatches-all-accounts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (response.body as string).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe([...ACCOUNT_COLUMNS, ...EXPORT_COLUMNS].join(','));
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual([
      [account.id, account.name, second.id],
      [account.id, account.name, first.id],
    ]);
    expect((await get('/api/admin/dispatches/export?status=nope')).status).toBe(400);
  });
});

describe('one dispatch', () => {
  it('reads any account’s dispatch; 404 for an unknown id on every dispatch route', async () => {
    const account = await newAccount();
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const response = await get(`/api/admin/dispatches/${dispatch.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(dispatch.id);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/assign', { driver_id: 'drv_x' }],
      ['POST', '/status', { status: 'cancelled' }],
      ['GET', '/deliveries', undefined],
      ['GET', '/driver', undefined],
      ['GET', '/eta', undefined],
      ['GET', '/audit', undefined],
    ] as const) {
      const missing = await call(method, `/api/admin/dispatches/dsp_missing${path}`, { cookie: admin.cookie, body });
      expect(missing.status, `${method} ${path}`).toBe(404);
      expect(missing.body.error).toBe('not_found');
    }
  });

  it('assigns, reassigns and moves a dispatch as the admin; refuses illegal moves with 409 and bad input with 400', async () => {
    const account = await newAccount();
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const [first, second] = [await newDriver(), await newDriver()];
    const path = `/api/admin/dispatches/${dispatch.id}`;

    expect((await get(`${path}/driver`)).status).toBe(404);
    expect((await post(`${path}/assign`, {})).status).toBe(400);
    expect((await post(`${path}/assign`, { driver_id: 'drv_missing' })).body.error_desc).toBe('driver_id: no active driver with id "drv_missing"');
    expect((await post(`${path}/status`, { status: 'assigned' })).status).toBe(400);
    expect((await post(`${path}/status`, { status: 'lost' })).status).toBe(400);
    const illegal = await post(`${path}/status`, { status: 'delivered' });
    expect(illegal.status).toBe(409);
    expect(illegal.body.error).toBe('invalid_transition');

    expect((await post(`${path}/assign`, { driver_id: first.id })).status).toBe(200);
    const reassigned = await post(`${path}/assign`, { driver_id: second.id });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.data.assigned_driver_id).toBe(second.id);
    expect((await get(`${path}/driver`)).body.data).toEqual({ id: second.id, name: second.name, phone: second.phone, fleet_id: second.fleet_id, last_position: null });
    for (const status of ['accepted', 'picked_up', 'delivered', 'qa_qc'] as const) {
      const moved = await post(`${path}/status`, { status });
      expect(moved.status).toBe(200);
      expect(moved.body.data.status.at(-1)).toMatchObject({ status, ref_type: 'admin', ref_id: admin.user.id });
    }
    expect((await post(`${path}/status`, { status: 'cancelled' })).status).toBe(409);

    // The audit trail: every event in order, with who did it.
    const audit = await get(`${path}/audit`);
    expect(audit.status).toBe(200);
    expect(AuditTrailResponseSchema.parse(audit.body)).toEqual(audit.body);
    const trail = audit.body.data.map((entry: { type: string; status: string | null; actor_type: string; actor_id: string }) => [
      entry.type,
      entry.status,
      entry.actor_type,
      entry.actor_id,
    ]);
    expect(trail).toEqual([
      ['dispatch.status_updated', 'new', 'vendor', 'vendor-7'],
      ['dispatch.status_updated', 'assigned', 'admin', admin.user.id],
      ['dispatch.driver_assigned', null, 'admin', admin.user.id],
      ['dispatch.status_updated', 'assigned', 'admin', admin.user.id],
      ['dispatch.driver_assigned', null, 'admin', admin.user.id],
      ['dispatch.status_updated', 'accepted', 'admin', admin.user.id],
      ['dispatch.status_updated', 'picked_up', 'admin', admin.user.id],
      ['dispatch.status_updated', 'delivered', 'admin', admin.user.id],
      ['dispatch.status_updated', 'qa_qc', 'admin', admin.user.id],
    ]);
    expect(audit.body.data[1].actor_name).toBe(`Test Admin <${admin.email}>`);
    expect(audit.body.data.map((entry: { sequence: number }) => entry.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('lists the webhook deliveries to every endpoint the account has had, with their attempts', async () => {
    const account = await newAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/old`, allowPrivate: true });
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    // Delivered to the old endpoint before the new one replaces it (pending ones would move).
    const worker = new DeliveryWorker(TEST_WORKER_OPTIONS);
    await waitFor(async () => (await worker.runOnce(), (await db().webhookDelivery.count({ where: { dispatchId: dispatch.id, status: 'succeeded' } })) === 1), 10_000, 'delivered to the old endpoint');
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/new`, allowPrivate: true });
    await changeStatus({ id: dispatch.id, scope: platformScope(), status: 'cancelled', actor: VENDOR });
    const response = await get(`/api/admin/dispatches/${dispatch.id}/deliveries`);
    expect(response.status).toBe(200);
    expect(DispatchDeliveryListResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data.map((delivery: { url: string; sequence: number }) => [delivery.sequence, delivery.url])).toEqual([
      [2, `${receiver.url}/new`],
      [1, `${receiver.url}/old`],
    ]);
    expect(response.body.webhook.url).toBe(`${receiver.url}/new`);
    expect(response.body.data[1].attempts).toEqual([expect.objectContaining({ number: 1, status_code: 200 })]);
    expect((await get(`/api/admin/dispatches/${dispatch.id}/deliveries?limit=0`)).status).toBe(400);
  });
});

describe('GET /api/admin/drivers', () => {
  it('finds active drivers by name or id for the picker', async () => {
    const tag = uniqueSuffix();
    const active = await newDriver();
    await db().driver.update({ where: { id: active.id }, data: { name: `Picker ${tag} Active` } });
    const inactive = await newDriver();
    await db().driver.update({ where: { id: inactive.id }, data: { name: `Picker ${tag} Gone`, isActive: false } });
    const byName = await get(`/api/admin/drivers?active=true&q=${encodeURIComponent(`picker ${tag}`)}`);
    expect(byName.status).toBe(200);
    expect(byName.body.data).toEqual([expect.objectContaining({ id: active.id, name: `Picker ${tag} Active`, phone: active.phone, is_active: true })]);
    expect(byName.body.data[0].fleet).toMatchObject({ id: active.fleet_id });
    expect((await get(`/api/admin/drivers?active=true&q=${active.id}`)).body.data.map((driver: { id: string }) => driver.id)).toEqual([active.id]);
    expect((await get('/api/admin/drivers?limit=2')).body.data.length).toBeLessThanOrEqual(2);
    expect((await get('/api/admin/drivers?limit=0')).status).toBe(400);
    expect((await get('/api/admin/drivers?active=maybe')).status).toBe(400);
  });
});

describe('POST /api/ops/dispatches/{id}/status with the driver’s media', () => {
  it('stores media_url with the status, shown in the record; refuses a non-http URL', async () => {
    const account = await newAccount();
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const bad = await call('POST', `/api/ops/dispatches/${dispatch.id}/status`, { ops: true, body: { status: 'cancelled', media_url: { door: 'javascript:alert(1)' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error_desc).toMatch(/^media_url.door: /);
    const media = { door: 'https://cdn.example.com/door.jpg' };
    const response = await call('POST', `/api/ops/dispatches/${dispatch.id}/status`, { ops: true, body: { status: 'cancelled', media_url: media } });
    expect(response.status).toBe(200);
    expect(response.body.data.media_url).toEqual(media);
    expect((await get(`/api/admin/dispatches/${dispatch.id}`)).body.data.media_url).toEqual(media);
  });
});

describe('GET /api/admin/dispatches/events', () => {
  it('streams every account’s changes, each naming its account', async () => {
    const [one, two] = [await newAccount(), await newAccount()];
    const controller = new AbortController();
    const request = new Request('http://localhost/api/admin/dispatches/events', {
      headers: { cookie: admin.cookie, 'sec-fetch-site': 'same-origin' },
      signal: controller.signal,
    });
    const response = await eventsRoute.GET(request, { params: Promise.resolve({}) });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (predicate: () => boolean) => {
      const started = Date.now();
      while (!predicate()) {
        if (Date.now() - started > 10_000) throw new Error(`timed out; got ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    try {
      await readUntil(() => text.includes('event: ready'));
      const a = await createDispatch({ accountId: one.id, input: dispatchBody() });
      const b = await createDispatch({ accountId: two.id, input: dispatchBody() });
      await readUntil(() => text.includes(b.id));
      const changes = [...text.matchAll(/event: change\ndata: (.*)\n/g)].map((match) => JSON.parse(match[1]!));
      expect(changes).toEqual(
        expect.arrayContaining([
          { dispatch_id: a.id, sequence: 1, type: 'dispatch.status_updated', account_id: one.id },
          { dispatch_id: b.id, sequence: 1, type: 'dispatch.status_updated', account_id: two.id },
        ]),
      );
    } finally {
      controller.abort();
      await reader.cancel().catch(() => {});
    }
  });
});
