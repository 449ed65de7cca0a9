import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/test/api';
import { distinctiveCustomer } from '@/test/distinctive-customer';
import { dispatchBody, newAccount, uniqueSuffix } from '@/test/fixtures';

// GET /api/track/{token}: the end customer's tracking JSON, public, by the token alone.

let account: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  account = await newAccount();
});

/** A customer whose every detail is distinctive, so any leak of it can be searched for. */
function customerBody() {
  const tag = uniqueSuffix();
  return dispatchBody({
    pickup: { ref_id: `pickup-ref-${tag}`, lat: 24.6953, lng: 46.6851, address_line: `Olaya St, Tower ${tag}` },
    destination: { ref_id: `home-${tag}`, lat: 24.7743, lng: 46.7386, address_line: `Villa ${tag}, Hittin, Riyadh` },
    user_metadata: distinctiveCustomer(tag),
  });
}

async function createTracked(body = customerBody()) {
  const created = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body });
  expect(created.status).toBe(201);
  const record = (await call('GET', `/ext/dispatch/${created.body.data.id}`, { apiKey: account.api_key })).body.data;
  const url = new URL(record.tracking_url as string);
  expect(url.pathname).toMatch(/^\/t\/[0-9A-Za-z]{24}$/);
  return { id: created.body.data.id as string, token: url.pathname.slice(3), body, record };
}

function expectTrackingHeaders(headers: Headers) {
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-robots-tag')).toBe('noindex, nofollow');
}

describe('GET /api/track/{token}', () => {
  it('answers without any credential, with the public view and headers that keep the link private', async () => {
    const { token, body } = await createTracked();
    const response = await call('GET', `/api/track/${token}`);
    expect(response.status).toBe(200);
    expectTrackingHeaders(response.headers);
    expect(Object.keys(response.body)).toEqual(['data']);
    expect(Object.keys(response.body.data)).toEqual([
      'restaurant_name', 'state', 'is_finished', 'timeline', 'pickup', 'destination', 'driver', 'eta', 'plan', 'geofence_m', 'delivery_pin',
    ]);
    expect(response.body.data).toMatchObject({
      restaurant_name: body.vendor_name,
      state: 'new',
      pickup: { lat: 24.6953, lng: 46.6851 },
      destination: { lat: 24.7743, lng: 46.7386 },
      driver: null,
      eta: null,
      delivery_pin: null,
    });
  });

  it('answers 404 for an unknown or malformed token, in the same words, with the same headers', async () => {
    const { id } = await createTracked();
    const answers = await Promise.all(
      ['0'.repeat(24), 'short', `${'a'.repeat(24)}b`, encodeURIComponent('../../ext/statuses'), encodeURIComponent("' OR 1=1 --"), id].map(
        (token) => call('GET', `/api/track/${token}`),
      ),
    );
    for (const response of answers) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', error_desc: 'There is no tracking page at this address' });
      expectTrackingHeaders(response.headers);
    }
  });

  it('serializes none of the customer’s name, phone, email, address lines or order, in keys or values', async () => {
    const { id, token, body } = await createTracked();
    const driver = await call('POST', '/api/ops/drivers', { ops: true, body: { name: 'Omar Saleh Qahtani', phone: '+966599887766', fleet_id: 'fleet-x' } });
    expect((await call('POST', `/api/ops/dispatches/${id}/assign`, { ops: true, body: { driver_id: driver.body.data.id } })).status).toBe(200);
    expect((await call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status: 'accepted' } })).status).toBe(200);

    const response = await call('GET', `/api/track/${token}`);
    expect(response.status).toBe(200);
    expect(response.body.data.driver).toEqual({ first_name: 'Omar', position: null });
    const text = JSON.stringify(response.body);
    const customer = body.user_metadata;
    const phoneDigits = customer.phone.replace(/\D/g, '');
    const forbiddenValues = [
      customer.id, customer.username!, customer.firstName!, customer.lastName!, customer.email, customer.phone, phoneDigits,
      phoneDigits.slice(-9), body.pickup.address_line!, body.destination.address_line!, body.pickup.ref_id!, body.destination.ref_id!,
      body.vendor_oid, body.vendor_bid, body.vendor_sid!, body.vendor_id, body.vendor_logo_url!, 'Double burger', 'VISA', '87.5',
      id, driver.body.data.id, '+966599887766', 'Saleh', 'Qahtani', 'fleet-x', 'ops', 'admin',
    ];
    for (const value of forbiddenValues) expect(text, value).not.toContain(value);
    const keys = new Set<string>();
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          collect(inner);
        }
      }
    };
    collect(response.body.data);
    const forbiddenKeys = ['user_metadata', 'vendor_payload', 'address_line', 'ref_id', 'ref_type', 'phone', 'email', 'id', 'r_id', 'vendor_oid'];
    expect([...keys].filter((key) => forbiddenKeys.includes(key))).toEqual([]);
  });

  it('follows the dispatch: a later status shows on the next read', async () => {
    const { id, token } = await createTracked();
    expect((await call('POST', `/api/ops/dispatches/${id}/status`, { ops: true, body: { status: 'cancelled' } })).status).toBe(200);
    const response = await call('GET', `/api/track/${token}`);
    expect(response.body.data).toMatchObject({ state: 'cancelled', is_finished: true });
    expect(response.body.data.timeline.map((entry: { status: string }) => entry.status)).toEqual(['new', 'cancelled']);
  });
});
