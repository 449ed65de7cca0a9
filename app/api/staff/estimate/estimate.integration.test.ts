import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/lib/testing/api';
import { newAccount, newStaffSession } from '@/lib/testing/fixtures';

const OLAYA = { lat: 24.695, lng: 46.685 };
const NORTH = { lat: 24.8, lng: 46.63 };

let account: Awaited<ReturnType<typeof newAccount>>;
let staff: Awaited<ReturnType<typeof newStaffSession>>;

beforeAll(async () => {
  account = await newAccount();
  staff = await newStaffSession(account.id);
});

describe('POST /api/staff/estimate', () => {
  it('answers the same estimate as POST /ext/estimate, under the account tariff', async () => {
    const body = { pickup: OLAYA, destination: NORTH, pickup_wait_time: 15 };
    const response = await call('POST', '/api/staff/estimate', { cookie: staff.cookie, body });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data).sort()).toEqual([
      'delivery_price',
      'delivery_price_text',
      'destination_estimated_time',
      'pickup_estimated_time',
      'total_estimated_time',
      'vat_price',
      'vat_price_text',
    ]);
    expect(response.body.data.pickup_estimated_time).toBe(15);
    expect(response.body.data.delivery_price_text).toMatch(/^\d+\.\d{2} SAR$/);
    const vendor = await call('POST', '/ext/estimate', { apiKey: account.api_key, body });
    expect(response.body).toEqual(vendor.body);
  });

  it('refuses an invalid latitude with 400 naming the field', async () => {
    const response = await call('POST', '/api/staff/estimate', {
      cookie: staff.cookie,
      body: { pickup: { lat: 120, lng: 46.6 }, destination: NORTH },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toContain('pickup.lat: must be <= 90');
  });

  it('is 401 without a session and 403 cross-site', async () => {
    const body = { pickup: OLAYA, destination: NORTH };
    expect((await call('POST', '/api/staff/estimate', { body, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(401);
    const crossSite = await call('POST', '/api/staff/estimate', { cookie: staff.cookie, body, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });
});
