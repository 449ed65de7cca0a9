import { beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE, call } from '@/test/api';
import { ESTIMATE_FIELDS, RIYADH_NORTH, RIYADH_OLAYA, staffOfNewAccount } from '@/test/fixtures';

let staff: Awaited<ReturnType<typeof staffOfNewAccount>>;

beforeAll(async () => {
  staff = await staffOfNewAccount();
});

describe('POST /api/staff/estimate', () => {
  it('answers the same estimate as POST /ext/estimate, under the account tariff', async () => {
    const body = { pickup: RIYADH_OLAYA, destination: RIYADH_NORTH, pickup_wait_time: 15 };
    const response = await call('POST', '/api/staff/estimate', { cookie: staff.cookie, body });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data).sort()).toEqual(ESTIMATE_FIELDS);
    expect(response.body.data.pickup_estimated_time).toBe(15);
    expect(response.body.data.delivery_price_text).toMatch(/^\d+\.\d{2} SAR$/);
    const vendor = await call('POST', '/ext/estimate', { apiKey: staff.account.api_key, body });
    // Each estimate is its own quote, stamped with its own time: the rest is the same.
    const timeless = ({ quote_id, quote_expires_at, planned_pickup_at, planned_dropoff_at, ...rest }: Record<string, unknown>) => {
      expect([quote_id, quote_expires_at, planned_pickup_at, planned_dropoff_at].every((value) => typeof value === 'string')).toBe(true);
      return rest;
    };
    expect(response.body.data.quote_id).not.toBe(vendor.body.data.quote_id);
    expect(timeless(response.body.data)).toEqual(timeless(vendor.body.data));
  });

  it('refuses an invalid latitude with 400 naming the field', async () => {
    const response = await call('POST', '/api/staff/estimate', {
      cookie: staff.cookie,
      body: { pickup: { lat: 120, lng: 46.6 }, destination: RIYADH_NORTH },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toContain('pickup.lat: must be <= 90');
  });

  it('is 401 without a session and 403 cross-site', async () => {
    const body = { pickup: RIYADH_OLAYA, destination: RIYADH_NORTH };
    expect((await call('POST', '/api/staff/estimate', { body, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(401);
    const crossSite = await call('POST', '/api/staff/estimate', { cookie: staff.cookie, body, headers: CROSS_SITE });
    expect(crossSite.status).toBe(403);
  });
});
