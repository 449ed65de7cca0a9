import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import type { Status } from '@/lib/dispatch/shared/transitions/statuses';
import { call, expectRefusedUnwritten } from '@/test/api';
import { dispatchBody, newAccount, newDriver, newStaffSession } from '@/test/fixtures';

const OPS = { refType: 'admin', refId: 'test' } as const;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const asRecordTime = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 23);

async function create(apiKey: string, overrides: object = {}) {
  const response = await call('POST', '/ext/dispatch', { apiKey, body: { ...dispatchBody(), ...overrides } });
  return response;
}

async function read(apiKey: string, id: string) {
  return (await call('GET', `/ext/dispatch/${id}`, { apiKey })).body.data;
}

describe('scheduled dispatches: create', () => {
  it('keeps pickup_ready_at and dropoff_deadline (any offset) on the record, in UTC', async () => {
    const account = await newAccount();
    const pickup = new Date(Date.now() + 3 * 3_600_000);
    const local = `${new Date(pickup.getTime() + 3 * 3_600_000).toISOString().slice(0, 19)}+03:00`;
    const deadline = inMinutes(240);
    const created = await create(account.api_key, { pickup_ready_at: local, dropoff_deadline: deadline });
    expect(created.status).toBe(201);
    const record = await read(account.api_key, created.body.data.id);
    expect(record.pickup_ready_at).toBe(`${pickup.toISOString().slice(0, 19).replace('T', ' ')}.000`);
    expect(record.dropoff_deadline).toBe(asRecordTime(deadline));
    expect(record.ready_at).toBeNull();
  });

  for (const [name, overrides, field, message] of [
    ['a pickup in the past', { pickup_ready_at: inMinutes(-30) }, 'pickup_ready_at', 'must not be in the past'],
    ['a pickup over 7 days ahead', { pickup_ready_at: inMinutes(7 * 24 * 60 + 5) }, 'pickup_ready_at', 'must be at most 7 days ahead'],
    ['a time without an offset', { pickup_ready_at: '2030-01-01T10:00:00' }, 'pickup_ready_at', 'must be an ISO 8601 date-time with an offset (2024-03-22T14:30:00Z or 2024-03-22T17:30:00+03:00)'],
    ['a date only', { pickup_ready_at: '2030-01-01' }, 'pickup_ready_at', 'must be an ISO 8601 date-time with an offset (2024-03-22T14:30:00Z or 2024-03-22T17:30:00+03:00)'],
    ['a deadline before the pickup', { pickup_ready_at: inMinutes(60), dropoff_deadline: inMinutes(30) }, 'dropoff_deadline', 'must be after pickup_ready_at'],
    ['a deadline in the past', { dropoff_deadline: inMinutes(-1) }, 'dropoff_deadline', 'must be in the future'],
    ['instructions over 500 characters', { dropoff_instructions: 'x'.repeat(501) }, 'dropoff_instructions', 'must be at most 500 characters'],
    ['a negative tip', { tip: -1 }, 'tip', 'must not be negative'],
    ['a fractional tip (minor units)', { tip: 12.5 }, 'tip', 'must be an integer'],
    ['contactless as a string', { contactless: 'yes' }, 'contactless', ''],
  ] as [string, object, string, string][]) {
    it(`refuses ${name}: 400 invalid_request naming ${field}, nothing written`, async () => {
      const account = await newAccount();
      const response = await create(account.api_key, overrides);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
      expect(response.body.error_desc).toContain(`${field}: ${message}`);
      // One clear message per field: a malformed time is not also "too far ahead".
      expect(response.body.error_desc.split('; ')).toHaveLength(1);
      expect(await db().dispatch.count({ where: { accountId: account.id } })).toBe(0);
    });
  }

  it('lists scheduled ones apart: ?scheduled=true|false; anything else is 400', async () => {
    const account = await newAccount();
    const scheduled = (await create(account.api_key, { pickup_ready_at: inMinutes(60) })).body.data.id;
    const now = (await create(account.api_key)).body.data.id;
    const ids = async (query: string) => (await call('GET', `/ext/dispatches?${query}`, { apiKey: account.api_key })).body.data.map((record: { id: string }) => record.id);
    expect(await ids('scheduled=true')).toEqual([scheduled]);
    expect(await ids('scheduled=false')).toEqual([now]);
    expect(await ids('scheduled=true&status=new')).toEqual([scheduled]);
    const bad = await call('GET', '/ext/dispatches?scheduled=yes', { apiKey: account.api_key });
    expect(bad.status).toBe(400);
    expect(bad.body.error_desc).toContain('scheduled: must be true or false');
  });

  it('the estimate shows the planned pickup and drop-off for a scheduled pickup', async () => {
    const account = await newAccount();
    const pickup = inMinutes(180);
    const body = { pickup: dispatchBody().pickup, destination: dispatchBody().destination, pickup_ready_at: pickup };
    const estimate = (await call('POST', '/ext/estimate', { apiKey: account.api_key, body })).body.data;
    expect(estimate.planned_pickup_at).toBe(asRecordTime(pickup));
    const dropoff = Date.parse(`${estimate.planned_dropoff_at.replace(' ', 'T')}Z`);
    expect(dropoff - Date.parse(pickup)).toBe(estimate.destination_estimated_time * 60_000);
    const past = await call('POST', '/ext/estimate', { apiKey: account.api_key, body: { ...body, pickup_ready_at: inMinutes(-60) } });
    expect(past.status).toBe(400);
  });
});

describe('drop-off details', () => {
  async function dispatchIn(apiKey: string, path: Status[] = []) {
    const { id } = (await create(apiKey, { dropoff_instructions: '  Gate 4, second floor  ', contactless: true, tip: 1500 })).body.data;
    for (const status of path) {
      if (status === 'assigned') await assignDriver({ id, scope: platformScope(), driverId: (await newDriver()).id, actor: OPS });
      else await changeStatus({ id, scope: platformScope(), status, actor: OPS });
    }
    return id as string;
  }
  const written = async (id: string) => ({
    ...(await db().dispatch.findUniqueOrThrow({ where: { id }, select: { record: true, eventSeq: true } })),
    events: await db().dispatchEvent.count({ where: { dispatchId: id } }),
  });
  const patch = (id: string, apiKey: string, body: unknown) => call('PATCH', `/ext/dispatch/${id}`, { apiKey, body });

  it('are kept from the create (instructions trimmed) and shown on the record', async () => {
    const account = await newAccount();
    const record = await read(account.api_key, await dispatchIn(account.api_key));
    expect(record).toMatchObject({ dropoff_instructions: 'Gate 4, second floor', contactless: true, tip: 1500 });
  });

  it('change by PATCH until pickup: fields left out stay, null clears; announced as dispatch.details_updated', async () => {
    const account = await newAccount();
    const id = await dispatchIn(account.api_key, ['assigned', 'accepted']);
    const response = await patch(id, account.api_key, { tip: null, dropoff_instructions: 'Call on arrival' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ dropoff_instructions: 'Call on arrival', contactless: true, tip: null });
    const again = await patch(id, account.api_key, { dropoff_instructions: null, contactless: false });
    expect(again.body.data).toMatchObject({ dropoff_instructions: null, contactless: false, tip: null });
    const events = await db().dispatchEvent.findMany({ where: { dispatchId: id, type: 'dispatch.details_updated' }, select: { actorType: true, actorId: true } });
    expect(events).toEqual([
      { actorType: 'vendor', actorId: account.id },
      { actorType: 'vendor', actorId: account.id },
    ]);
  });

  for (const [state, path] of [
    ['picked_up', ['assigned', 'accepted', 'picked_up']],
    ['delivered', ['assigned', 'accepted', 'picked_up', 'delivered']],
    ['cancelled', ['cancelled']],
  ] as [string, Status[]][]) {
    it(`refuse a change once ${state}: 409 invalid_state, nothing written`, async () => {
      const account = await newAccount();
      const id = await dispatchIn(account.api_key, path);
      const response = await expectRefusedUnwritten(() => written(id), () => patch(id, account.api_key, { tip: 2000 }), 409);
      expect(response.body).toEqual({ error: 'invalid_state', error_desc: `The drop-off details cannot change once the dispatch is ${state}` });
    });
  }

  for (const [name, body] of [
    ['an empty body', {}],
    ['only unknown fields', { destination: { lat: 1, lng: 2 } }],
    ['a tip over the maximum', { tip: 1_000_001 }],
    ['a string tip', { tip: '15' }],
    ['an array', []],
  ] as [string, unknown][]) {
    it(`refuse ${name}: 400 invalid_request, nothing written`, async () => {
      const account = await newAccount();
      const id = await dispatchIn(account.api_key);
      await expectRefusedUnwritten(() => written(id), () => patch(id, account.api_key, body), 400, 'invalid_request');
    });
  }

  it('another account’s dispatch is a 404; the dashboard changes them as the staff member', async () => {
    const account = await newAccount();
    const other = await newAccount();
    const id = await dispatchIn(account.api_key);
    await expectRefusedUnwritten(() => written(id), () => patch(id, other.api_key, { tip: 1 }), 404);
    const staff = await newStaffSession(account.id);
    const response = await call('PATCH', `/api/staff/dispatches/${id}/dropoff`, { cookie: staff.cookie, body: { contactless: false } });
    expect(response.status).toBe(200);
    expect(response.body.data.contactless).toBe(false);
    const otherStaff = await newStaffSession(other.id);
    expect((await call('PATCH', `/api/staff/dispatches/${id}/dropoff`, { cookie: otherStaff.cookie, body: { tip: 1 } })).status).toBe(404);
  });
});
