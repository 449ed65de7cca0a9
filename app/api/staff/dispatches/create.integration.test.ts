import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { CROSS_SITE, call, callTwiceIdempotent, createdDispatchId } from '@/test/api';
import { dispatchBody, staffOfNewAccount } from '@/test/fixtures';

// POST /api/staff/dispatches: the dashboard's create goes through the vendor API's own schema and
// domain function, recorded as made by the signed-in staff member.

let staff: Awaited<ReturnType<typeof staffOfNewAccount>>;

beforeAll(async () => {
  staff = await staffOfNewAccount();
});

describe('POST /api/staff/dispatches', () => {
  it('creates a dispatch whose first status entry names the staff member as the vendor actor', async () => {
    const body = dispatchBody();
    const id = createdDispatchId(await call('POST', '/api/staff/dispatches', { cookie: staff.cookie, body }));

    const read = await call('GET', `/ext/dispatch/${id}`, { apiKey: staff.account.api_key });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id,
      vendor_oid: body.vendor_oid,
      vendor_bid: body.vendor_bid,
      pickup: body.pickup,
      destination: body.destination,
      user_metadata: body.user_metadata,
      vendor_payload: body.vendor_payload,
    });
    expect(read.body.data.status).toHaveLength(1);
    expect(read.body.data.status[0]).toMatchObject({ status: 'new', ref_type: 'vendor', ref_id: staff.user.id });
  });

  it('refuses invalid input with 400 naming each field, and writes nothing', async () => {
    const before = await db().dispatch.count({ where: { accountId: staff.account.id } });
    const body = dispatchBody({
      pickup: { lat: 91, lng: 46.6 },
      user_metadata: { id: 'cust-1', email: 'not-an-email', phone: '+966500000001' },
      vendor_oid: '   ',
    });
    const response = await call('POST', '/api/staff/dispatches', { cookie: staff.cookie, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toContain('pickup.lat: must be <= 90');
    expect(response.body.error_desc).toContain('user_metadata.email: must be an email address');
    expect(response.body.error_desc).toContain('vendor_oid: must not be empty');
    expect(await db().dispatch.count({ where: { accountId: staff.account.id } })).toBe(before);
  });

  it('refuses a second dispatch with the same vendor_oid: 400 duplicate_vendor_oid naming the field', async () => {
    const body = dispatchBody();
    expect((await call('POST', '/api/staff/dispatches', { cookie: staff.cookie, body })).status).toBe(201);
    const again = await call('POST', '/api/staff/dispatches', { cookie: staff.cookie, body: { ...body, user_metadata: { ...body.user_metadata, id: 'other' } } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('duplicate_vendor_oid');
    expect(again.body.error_desc).toMatch(/^vendor_oid: /);
    expect(await db().dispatch.count({ where: { accountId: staff.account.id, vendorOid: body.vendor_oid } })).toBe(1);
  });

  it("lets another account reuse the vendor_oid (orders are the account's own)", async () => {
    const body = dispatchBody();
    expect((await call('POST', '/api/staff/dispatches', { cookie: staff.cookie, body })).status).toBe(201);
    const otherStaff = await staffOfNewAccount();
    expect((await call('POST', '/api/staff/dispatches', { cookie: otherStaff.cookie, body })).status).toBe(201);
  });

  it('replays a retried submit with the same Idempotency-Key instead of creating twice', async () => {
    const body = dispatchBody();
    const [first] = await callTwiceIdempotent('POST', '/api/staff/dispatches', { cookie: staff.cookie, body, key: `form-${body.vendor_oid}` });
    expect(first.status).toBe(201);
    expect(await db().dispatch.count({ where: { accountId: staff.account.id, vendorOid: body.vendor_oid } })).toBe(1);
  });

  it('is 401 without a session cookie and 403 for a cross-site write, writing nothing', async () => {
    const body = dispatchBody();
    const anonymous = await call('POST', '/api/staff/dispatches', { body, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('unauthorized');
    const crossSite = await call('POST', '/api/staff/dispatches', { cookie: staff.cookie, body, headers: CROSS_SITE });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error).toBe('cross_site_request');
    expect(await db().dispatch.count({ where: { vendorOid: body.vendor_oid } })).toBe(0);
  });
});
