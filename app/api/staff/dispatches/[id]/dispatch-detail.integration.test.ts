import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { DispatchDriverSchema } from '@/lib/fleet/shared/drivers/schemas';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeDestination } from '@/lib/dispatch/server/internal/change-destination';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { DispatchViewResponseSchema } from '@/lib/dispatch/server/get-dispatch-view';
import { DispatchResponseSchema } from '@/lib/dispatch/shared/schemas';
import { CROSS_SITE, call } from '@/test/api';
import { deliverAll, setUpDeliveryHarness } from '@/test/delivery-harness';
import { createUser } from '@/lib/platform/server/auth/create-user';
import { signIn } from '@/lib/platform/server/auth/sign-in';
import { STAFF_PASSWORD, dispatchBody, newAccount, newAdminSession, newDriver, newStaffSession, staffOfNewAccount, uniqueSuffix } from '@/test/fixtures';
import { waitFor } from '@/test/webhook-receiver';
import { registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { DispatchDeliveryListResponseSchema } from '@/lib/webhooks/shared/schemas';
import { accountScope, platformScope } from '@/lib/platform/server/tenancy/scope';

// The dispatch page's routes: one dispatch, its destination change, its webhook deliveries and
// its driver. Each is the vendor API's domain call behind the staff session.

const ACTOR = { refType: 'admin', refId: 'test' } as const;

const { receiver } = setUpDeliveryHarness();

/** A signed-in staff member of a new account, and one dispatch of that account. */
async function staffWithDispatch() {
  const { account, cookie } = await staffOfNewAccount();
  const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
  return { account, cookie, dispatch };
}

async function storedRecord(id: string) {
  const row = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { record: true, eventSeq: true } });
  return row;
}

/** Moves a dispatch through to `delivered` as a driver would. */
async function deliver(id: string) {
  const driver = await newDriver();
  await assignDriver({ id, scope: platformScope(), driverId: driver.id, actor: ACTOR });
  for (const status of ['accepted', 'picked_up', 'delivered'] as const) await changeStatus({ id, scope: platformScope(), status, actor: ACTOR });
}

describe('authentication and CSRF', () => {
  it.each([
    ['GET', '/api/staff/dispatches/dsp_anything'],
    ['PATCH', '/api/staff/dispatches/dsp_anything/destination'],
    ['GET', '/api/staff/dispatches/dsp_anything/deliveries'],
    ['GET', '/api/staff/drivers/drv_anything'],
    ['GET', '/api/staff/dispatches/dsp_anything/eta'],
  ])('answers %s %s with 401 when not signed in', async (method, path) => {
    const response = await call(method, path, { body: method === 'PATCH' ? { lat: 1, lng: 1 } : undefined });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('unauthorized');
  });

  it('answers an admin sign-in (no account) with 403', async () => {
    const { dispatch } = await staffWithDispatch();
    const email = `admin-${uniqueSuffix()}@example.com`;
    await createUser({ input: { email, name: 'Admin', password: STAFF_PASSWORD, role: 'admin', accountId: null } });
    const { token } = await signIn({ input: { email, password: STAFF_PASSWORD }, ip: '203.0.113.9' });
    const response = await call('GET', `/api/staff/dispatches/${dispatch.id}`, { cookie: `dispatch_session=${token}` });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('forbidden');
  });

  it('answers a vendor API key with 401: the dashboard routes take a session only', async () => {
    const { account, dispatch } = await staffWithDispatch();
    expect((await call('GET', `/api/staff/dispatches/${dispatch.id}`, { apiKey: account.api_key })).status).toBe(401);
  });
});

describe('GET /api/staff/dispatches/{id}', () => {
  it('answers { data: record }, the record of GET /ext/dispatch/{id} with each history entry\'s actor named', async () => {
    const { account, cookie, dispatch } = await staffWithDispatch();
    const response = await call('GET', `/api/staff/dispatches/${dispatch.id}`, { cookie });
    expect(response.status).toBe(200);
    expect(DispatchViewResponseSchema.parse(response.body)).toEqual(response.body);
    const vendor = await call('GET', `/ext/dispatch/${dispatch.id}`, { apiKey: account.api_key });
    expect(DispatchResponseSchema.parse(vendor.body)).toEqual(vendor.body);
    const { status, ...rest } = response.body.data;
    const unnamed = status.map((entry: Record<string, unknown>) => Object.fromEntries(Object.entries(entry).filter(([key]) => key !== 'ref_name')));
    expect({ ...rest, status: unnamed }).toEqual(vendor.body.data);
    // Created through the vendor API (ref_id: its vendor_id): a restaurant actor with no user's name.
    expect(status).toEqual([expect.objectContaining({ status: 'new', ref_type: 'vendor', ref_name: null })]);
  });

  it("answers 404 for another account's dispatch and for an unknown id", async () => {
    const { dispatch } = await staffWithDispatch();
    const other = await newStaffSession((await newAccount()).id);
    const foreign = await call('GET', `/api/staff/dispatches/${dispatch.id}`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', error_desc: `No dispatch with id "${dispatch.id}"` });
    expect((await call('GET', '/api/staff/dispatches/dsp_missing', { cookie: other.cookie })).status).toBe(404);
  });
});

describe('PATCH /api/staff/dispatches/{id}/destination', () => {
  const destination = { lat: 24.8123, lng: 46.6543, address_line: 'Prince Turki St' };

  it('moves the destination, answers the updated record and announces the change like the vendor API', async () => {
    const { cookie, dispatch } = await staffWithDispatch();
    const response = await call('PATCH', `/api/staff/dispatches/${dispatch.id}/destination`, { cookie, body: destination });
    expect(response.status).toBe(200);
    expect(DispatchViewResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.data.destination).toEqual(destination);
    expect(response.body.data.modified_at >= dispatch.modified_at).toBe(true);
    // A move is not a status: the history is unchanged (its actors named, as GET names them).
    expect(response.body.data.status).toEqual(dispatch.status.map((entry) => ({ ...entry, ref_name: null })));

    const read = await call('GET', `/api/staff/dispatches/${dispatch.id}`, { cookie });
    expect(read.body.data).toEqual(response.body.data);
    const events = await db().dispatchEvent.findMany({ where: { dispatchId: dispatch.id }, orderBy: { sequence: 'asc' }, select: { type: true } });
    expect(events.map((event) => event.type)).toEqual(['dispatch.status_updated', 'dispatch.destination_updated']);
  });

  it('asks for the address: a move without one is refused (400 address_line), so the driver never gets bare coordinates', async () => {
    const { cookie, dispatch } = await staffWithDispatch();
    const before = await storedRecord(dispatch.id);
    for (const body of [{ lat: 24.8, lng: 46.6 }, { lat: 24.8, lng: 46.6, address_line: '   ' }]) {
      const response = await call('PATCH', `/api/staff/dispatches/${dispatch.id}/destination`, { cookie, body });
      expect(response.status).toBe(400);
      expect(response.body.error_desc).toMatch(/^address_line: /);
    }
    expect(await storedRecord(dispatch.id)).toEqual(before);
  });

  it('keeps every move in the history with the address before and after, for staff and the console; 404 for another account', async () => {
    const { cookie, dispatch } = await staffWithDispatch();
    expect((await call('GET', `/api/staff/dispatches/${dispatch.id}/destination-changes`, { cookie })).body).toEqual({ data: [] });
    await call('PATCH', `/api/staff/dispatches/${dispatch.id}/destination`, { cookie, body: destination });
    const second = { lat: 24.82, lng: 46.66, address_line: 'Olaya Towers' };
    await call('PATCH', `/api/staff/dispatches/${dispatch.id}/destination`, { cookie, body: second });
    const changes = await call('GET', `/api/staff/dispatches/${dispatch.id}/destination-changes`, { cookie });
    expect(changes.status).toBe(200);
    expect(changes.body.data).toHaveLength(2);
    expect(changes.body.data[0]).toMatchObject({ before: dispatch.destination, after: destination, by: { ref_type: 'vendor' } });
    expect(changes.body.data[1]).toMatchObject({ before: destination, after: second });
    expect(changes.body.data[0].changed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    const admin = await newAdminSession();
    expect((await call('GET', `/api/admin/dispatches/${dispatch.id}/destination-changes`, { cookie: admin.cookie })).body.data).toHaveLength(2);
    const other = await newStaffSession((await newAccount()).id);
    expect((await call('GET', `/api/staff/dispatches/${dispatch.id}/destination-changes`, { cookie: other.cookie })).status).toBe(404);
  });

  it('refuses an invalid latitude with 400 naming the field, changing nothing', async () => {
    const { cookie, dispatch } = await staffWithDispatch();
    const before = await storedRecord(dispatch.id);
    for (const body of [{ lat: 91, lng: 46.6, address_line: 'x' }, { lat: 'north', lng: 46.6, address_line: 'x' }, { lng: 46.6, address_line: 'x' }]) {
      const response = await call('PATCH', `/api/staff/dispatches/${dispatch.id}/destination`, { cookie, body });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
      expect(response.body.error_desc).toMatch(/^lat: /);
    }
    expect(await storedRecord(dispatch.id)).toEqual(before);
  });

  it('refuses a cross-site request with 403, changing nothing', async () => {
    const { cookie, dispatch } = await staffWithDispatch();
    const before = await storedRecord(dispatch.id);
    const response = await call('PATCH', `/api/staff/dispatches/${dispatch.id}/destination`, { cookie, body: destination, headers: CROSS_SITE });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('cross_site_request');
    expect(await storedRecord(dispatch.id)).toEqual(before);
  });

  it("answers 404 for another account's dispatch (unchanged) and for an unknown id", async () => {
    const { dispatch } = await staffWithDispatch();
    const other = await newStaffSession((await newAccount()).id);
    const before = await storedRecord(dispatch.id);
    const foreign = await call('PATCH', `/api/staff/dispatches/${dispatch.id}/destination`, { cookie: other.cookie, body: destination });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
    expect(await storedRecord(dispatch.id)).toEqual(before);
    const unknown = await call('PATCH', '/api/staff/dispatches/dsp_missing/destination', { cookie: other.cookie, body: destination });
    expect(unknown.status).toBe(404);
  });

  it('answers 409 invalid_state explaining why once the dispatch is delivered, changing nothing', async () => {
    const { cookie, dispatch } = await staffWithDispatch();
    await deliver(dispatch.id);
    const before = await storedRecord(dispatch.id);
    const response = await call('PATCH', `/api/staff/dispatches/${dispatch.id}/destination`, { cookie, body: destination });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'invalid_state', error_desc: 'The destination cannot change once the dispatch is delivered' });
    expect(await storedRecord(dispatch.id)).toEqual(before);
  });
});

describe('GET /api/staff/dispatches/{id}/deliveries', () => {
  it('answers an empty list and webhook null while the account has no webhook', async () => {
    const { cookie, dispatch } = await staffWithDispatch();
    const response = await call('GET', `/api/staff/dispatches/${dispatch.id}/deliveries`, { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], next_cursor: null, webhook: null });
  });

  it('lists the deliveries of one transaction in event order (an assignment writes two events)', async () => {
    const { account, cookie } = await staffOfNewAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/detail`, allowPrivate: true });
    const driver = await newDriver();
    const dispatches = [];
    for (let i = 0; i < 6; i++) {
      const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
      await assignDriver({ id: dispatch.id, scope: platformScope(), driverId: driver.id, actor: { refType: 'admin', refId: 'test' } });
      dispatches.push(dispatch);
    }
    for (const dispatch of dispatches) {
      const response = await call('GET', `/api/staff/dispatches/${dispatch.id}/deliveries`, { cookie });
      expect(response.body.data.map((delivery: { sequence: number }) => delivery.sequence)).toEqual([3, 2, 1]);
    }
  });

  it("lists the dispatch's deliveries newest first with every attempt, and only this dispatch's", async () => {
    const { account, cookie } = await staffOfNewAccount();
    await registerWebhook({ accountId: account.id, url: `${receiver.url}/detail`, allowPrivate: true });
    const dispatch = await createDispatch({ accountId: account.id, input: dispatchBody() });
    const neighbour = await createDispatch({ accountId: account.id, input: dispatchBody() });
    await changeDestination({ id: dispatch.id, scope: accountScope(account.id), destination: { lat: 24.8, lng: 46.7 }, actor: { refType: 'vendor', refId: 'test' } });

    const queued = await call('GET', `/api/staff/dispatches/${dispatch.id}/deliveries`, { cookie });
    expect(queued.status).toBe(200);
    expect(DispatchDeliveryListResponseSchema.parse(queued.body)).toEqual(queued.body);
    expect(queued.body.webhook).toMatchObject({ url: `${receiver.url}/detail`, status: 'active' });
    expect(queued.body.data.map((delivery: { event_type: string }) => delivery.event_type)).toEqual([
      'dispatch.destination_updated',
      'dispatch.status_updated',
    ]);
    expect(queued.body.data.every((delivery: { status: string; attempts: unknown[] }) => delivery.status === 'pending' && delivery.attempts.length === 0)).toBe(true);

    // The first attempt of each event fails, the retry succeeds: both attempts are listed, oldest first.
    const failedOnce = new Set<string>();
    receiver.answer = (request) => {
      const eventId = String(request.headers['webhook-id']);
      if (request.path !== '/hooks/detail' || failedOnce.has(eventId)) return { status: 200 };
      failedOnce.add(eventId);
      return { status: 500 };
    };
    const succeeded = () => db().webhookDelivery.count({ where: { dispatchId: dispatch.id, status: 'succeeded' } });
    await waitFor(async () => (await deliverAll(), (await succeeded()) === 2), 10_000, 'both events delivered after a retry');

    const response = await call('GET', `/api/staff/dispatches/${dispatch.id}/deliveries`, { cookie });
    expect(DispatchDeliveryListResponseSchema.parse(response.body)).toEqual(response.body);
    const [moved, created] = response.body.data;
    expect(created).toMatchObject({ event_type: 'dispatch.status_updated', sequence: 1, dispatch_id: dispatch.id, status: 'succeeded', attempt_count: 2, last_status_code: 200 });
    expect(created.attempts).toEqual([
      { number: 1, started_at: expect.any(String), status_code: 500, latency_ms: expect.any(Number), response_snippet: 'nope', error: expect.stringContaining('500') },
      { number: 2, started_at: expect.any(String), status_code: 200, latency_ms: expect.any(Number), response_snippet: 'ok', error: null },
    ]);
    expect(moved).toMatchObject({ event_type: 'dispatch.destination_updated', sequence: 2, status: 'succeeded' });
    expect(moved.attempts.at(-1)).toMatchObject({ status_code: 200 });
    expect(response.body.data.some((delivery: { dispatch_id: string }) => delivery.dispatch_id === neighbour.id)).toBe(false);

    const firstPage = await call('GET', `/api/staff/dispatches/${dispatch.id}/deliveries?limit=1`, { cookie });
    expect(firstPage.body.data).toHaveLength(1);
    expect(firstPage.body.data[0].id).toBe(moved.id);
    const secondPage = await call('GET', `/api/staff/dispatches/${dispatch.id}/deliveries?limit=1&cursor=${firstPage.body.next_cursor}`, { cookie });
    expect(secondPage.body.data.map((delivery: { id: string }) => delivery.id)).toEqual([created.id]);
    expect(secondPage.body.data[0].attempts).toHaveLength(2);
    expect(secondPage.body.next_cursor).toBeNull();
  });

  it("answers 404 for another account's dispatch and for an unknown id, 400 for a bad page size", async () => {
    const { cookie, dispatch } = await staffWithDispatch();
    const other = await newStaffSession((await newAccount()).id);
    expect((await call('GET', `/api/staff/dispatches/${dispatch.id}/deliveries`, { cookie: other.cookie })).status).toBe(404);
    expect((await call('GET', '/api/staff/dispatches/dsp_missing/deliveries', { cookie })).status).toBe(404);
    const bad = await call('GET', `/api/staff/dispatches/${dispatch.id}/deliveries?limit=0`, { cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error_desc).toMatch(/^limit: /);
  });
});

describe('GET /api/staff/drivers/{id}', () => {
  it("shows a driver assigned to one of the account's dispatches; any other driver is a 404", async () => {
    const { account, cookie, dispatch } = await staffWithDispatch();
    const driver = await newDriver('fleet-north');
    const stranger = await newDriver();
    expect((await call('GET', `/api/staff/drivers/${driver.id}`, { cookie })).status).toBe(404);

    await assignDriver({ id: dispatch.id, scope: accountScope(account.id), driverId: driver.id, actor: ACTOR });
    const response = await call('GET', `/api/staff/drivers/${driver.id}`, { cookie });
    expect(response.status).toBe(200);
    expect(DispatchDriverSchema.strict().parse(response.body.data)).toEqual({
      id: driver.id,
      name: driver.name,
      phone: '+966500000001',
      fleet_id: 'fleet-north',
      last_position: null,
    });

    expect((await call('GET', `/api/staff/drivers/${stranger.id}`, { cookie })).status).toBe(404);
    expect((await call('GET', '/api/staff/drivers/drv_missing', { cookie })).status).toBe(404);
    // Another restaurant does not see the courier of this one.
    const other = await newStaffSession((await newAccount()).id);
    const foreign = await call('GET', `/api/staff/drivers/${driver.id}`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
  });
});
