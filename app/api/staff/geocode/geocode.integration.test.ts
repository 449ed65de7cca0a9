import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBranch } from '@/lib/accounts/server/branches/create-branch';
import { db } from '@/lib/platform/server/db/client';
import { assignDriver } from '@/lib/dispatch/server/assign-driver';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { createDispatch } from '@/lib/dispatch/server/create-dispatch';
import { customerSearchKey } from '@/lib/dispatch/server/internal/customer-search-key';
import type { Address } from '@/lib/dispatch/shared/schemas';
import { resetEnvForTests } from '@/lib/platform/server/env';
import { accountScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { startFakeGeocoder, type FakeGeocoder } from '@/test/fake-geocoder';
import { dispatchBody, newDriver, staffOfNewAccount } from '@/test/fixtures';

// The address search of the dispatch form (GET /api/staff/geocode/search and …/reverse): the
// account's address book with no service, then with a local Nominatim and a local Photon that
// answer, fail and hang.

const OPS = { refType: 'admin', refId: 'ops' } as const;
const KING_ABDULLAH = { lat: 24.7743, lng: 46.7386, address_line: 'King Abdullah Rd, Riyadh' };
const PRINCE_SULTAN = { lat: 24.7001, lng: 46.6601, address_line: 'شارع الأمير سلطان، الرياض' };
const SECRET = { lat: 24.75, lng: 46.7, address_line: 'King Fahd Rd, Secret Kitchen Lane' };
const OLAYA_BRANCH = { lat: 24.6937, lng: 46.6851, address_line: 'Olaya St, Riyadh' };

let driverId: string;
let own: Awaited<ReturnType<typeof staffOfNewAccount>>;
let other: Awaited<ReturnType<typeof staffOfNewAccount>>;

/** A dispatch of the account to `destination`, taken through to delivered as a driver would. */
async function deliverTo(accountId: string, destination: Address) {
  const { id } = await createDispatch({ accountId, input: dispatchBody({ destination }) });
  const scope = accountScope(accountId);
  await assignDriver({ id, scope, driverId, actor: OPS });
  for (const status of ['accepted', 'picked_up', 'delivered'] as const) {
    await changeStatus({ id, scope, status, actor: { refType: 'driver', refId: driverId } });
  }
  return id;
}

function setGeocoder(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

const noService = () => setGeocoder({ GEOCODER_URL: undefined, GEOCODER_API: undefined, GEOCODER_TIMEOUT_MS: undefined, GEOCODER_MIN_INTERVAL_MS: undefined });

async function search(cookie: string, params: Record<string, string>) {
  return call('GET', `/api/staff/geocode/search?${new URLSearchParams(params)}`, { cookie });
}

async function reverse(cookie: string, lat: number | string, lng: number | string) {
  return call('GET', `/api/staff/geocode/reverse?${new URLSearchParams({ lat: String(lat), lng: String(lng) })}`, { cookie });
}

beforeAll(async () => {
  driverId = (await newDriver()).id;
  own = await staffOfNewAccount();
  other = await staffOfNewAccount();
  await createBranch({ accountId: own.account.id, input: { vendor_bid: 'olaya', name: 'Olaya Branch', pickup: OLAYA_BRANCH } });
  await deliverTo(own.account.id, { ...KING_ABDULLAH, address_line: 'king abdullah  rd, riyadh' });
  await deliverTo(own.account.id, KING_ABDULLAH);
  await deliverTo(own.account.id, PRINCE_SULTAN);
  // Created but never delivered: not an address the account has reached.
  await createDispatch({ accountId: own.account.id, input: dispatchBody({ destination: { lat: 24.8, lng: 46.8, address_line: 'Undelivered Rd' } }) });
  await createBranch({ accountId: other.account.id, input: { vendor_bid: 'secret', name: 'Secret Branch', pickup: SECRET } });
  await deliverTo(other.account.id, SECRET);
});

afterEach(noService);

describe('the address book (no geocoding service)', () => {
  it('remembers each delivered destination once: the newest spelling and pin, and how often it was used', async () => {
    const rows = await db().addressBookEntry.findMany({ where: { accountId: own.account.id }, orderBy: { label: 'asc' } });
    expect(rows.map((row) => [row.label, row.deliveries])).toEqual([
      ['King Abdullah Rd, Riyadh', 2],
      [PRINCE_SULTAN.address_line, 1],
    ]);
    // The database's key is the one the search computes (Latin case, Arabic spellings, spaces).
    for (const row of rows) expect(row.searchKey).toBe(customerSearchKey(row.label));
  });

  it('finds delivered destinations and branches by any part of their text, labelled as the address book', async () => {
    const king = await search(own.cookie, { q: 'KING abd' });
    expect(king.status).toBe(200);
    expect(king.body).toEqual({ data: [{ label: 'King Abdullah Rd, Riyadh', lat: KING_ABDULLAH.lat, lng: KING_ABDULLAH.lng, source: 'address_book' }], service: 'none' });

    const branch = await search(own.cookie, { q: 'olaya br' });
    expect(branch.body.data).toEqual([{ label: 'Olaya St, Riyadh', lat: OLAYA_BRANCH.lat, lng: OLAYA_BRANCH.lng, source: 'address_book' }]);

    const riyadh = await search(own.cookie, { q: 'riyadh' });
    expect(riyadh.body.data.map((result: { label: string }) => result.label)).toEqual(['Olaya St, Riyadh', 'King Abdullah Rd, Riyadh']);

    // Arabic as people type it: without the hamza.
    const arabic = await search(own.cookie, { q: 'الامير' });
    expect(arabic.body.data.map((result: { label: string }) => result.label)).toEqual([PRINCE_SULTAN.address_line]);

    expect((await search(own.cookie, { q: 'undelivered' })).body.data).toEqual([]);
  });

  it('never shows another account’s addresses, and shows each account its own', async () => {
    for (const q of ['secret', 'king fahd', 'kitchen lane']) expect((await search(own.cookie, { q })).body.data).toEqual([]);
    expect((await search(other.cookie, { q: 'king' })).body.data.map((result: { label: string }) => result.label)).toEqual([SECRET.address_line]);
    expect((await reverse(own.cookie, SECRET.lat, SECRET.lng)).body).toEqual({ data: null, service: 'none' });
    expect((await reverse(other.cookie, KING_ABDULLAH.lat, KING_ABDULLAH.lng)).body).toEqual({ data: null, service: 'none' });
  });

  it('names a pin dropped on a known address (within metres), and no other', async () => {
    const near = await reverse(own.cookie, KING_ABDULLAH.lat + 0.0001, KING_ABDULLAH.lng);
    expect(near.status).toBe(200);
    expect(near.body).toEqual({ data: { label: 'King Abdullah Rd, Riyadh', lat: KING_ABDULLAH.lat, lng: KING_ABDULLAH.lng, source: 'address_book' }, service: 'none' });
    expect((await reverse(own.cookie, OLAYA_BRANCH.lat, OLAYA_BRANCH.lng)).body.data.label).toBe('Olaya St, Riyadh');
    expect((await reverse(own.cookie, KING_ABDULLAH.lat + 0.01, KING_ABDULLAH.lng)).body).toEqual({ data: null, service: 'none' });
  });
});

describe.each(['nominatim', 'photon'] as const)('with a %s service', (api) => {
  let service: FakeGeocoder;
  const PLACES = [
    { label: 'King Abdullah Financial District', lat: 24.7617, lng: 46.6404 },
    { label: 'King Fahd Rd, Olaya', lat: 24.69, lng: 46.68 },
    // The service's spelling of an address the account delivered to: shown once, as the account wrote it.
    { label: 'King Abdullah Rd, Riyadh', lat: 24.7744, lng: 46.7387 },
  ];

  beforeAll(async () => {
    service = await startFakeGeocoder(api, PLACES);
  });
  afterAll(async () => {
    await service.close();
  });
  const useService = (extra: Record<string, string> = {}) => setGeocoder({ GEOCODER_URL: service.url, GEOCODER_API: api, GEOCODER_TIMEOUT_MS: '300', ...extra });

  it('lists the address book first, then the service’s results near the branch', async () => {
    useService();
    service.setMode('ok');
    const response = await search(own.cookie, { q: 'king', near: '24.6937,46.6851', limit: '5' });
    expect(response.status).toBe(200);
    expect(response.body.service).toBe('ok');
    expect(response.body.data).toEqual([
      { label: 'King Abdullah Rd, Riyadh', lat: KING_ABDULLAH.lat, lng: KING_ABDULLAH.lng, source: 'address_book' },
      expect.objectContaining({ label: expect.stringContaining('King Abdullah Financial District'), lat: 24.7617, lng: 46.6404, source: 'service' }),
      expect.objectContaining({ label: expect.stringContaining('King Fahd Rd, Olaya'), source: 'service' }),
      ...(api === 'photon' ? [expect.objectContaining({ label: 'King Abdullah Rd, Riyadh, Riyadh, Saudi Arabia', source: 'service' })] : []),
    ]);
    const request = service.requests.at(-1)!;
    expect(request.userAgent).toMatch(/^Dispatch\/1\.0 \(\+http/);
    if (api === 'nominatim') {
      expect(request.path).toBe('/search');
      expect(Object.fromEntries(request.params)).toEqual({ q: 'king', format: 'jsonv2', limit: '5', viewbox: '46.4351,24.9437,46.9351,24.4437', bounded: '0' });
    } else {
      expect(request.path).toBe('/api');
      expect(Object.fromEntries(request.params)).toEqual({ q: 'king', limit: '5', lat: '24.6937', lon: '46.6851' });
    }
    // The other account's addresses are not mixed in with a service either.
    expect(response.body.data.map((result: { label: string }) => result.label)).not.toContain(SECRET.address_line);
  });

  it('names a pin with the service where the address book knows nothing', async () => {
    useService();
    service.setMode('ok');
    const response = await reverse(own.cookie, 24.6, 46.6);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: expect.objectContaining({ label: expect.stringContaining('King Abdullah Financial District'), source: 'service' }), service: 'ok' });
    const request = service.requests.at(-1)!;
    expect(request.path).toBe('/reverse');
    expect(request.params.get('lat')).toBe('24.6');
    expect(request.params.get('lon')).toBe('46.6');
    // On a known address the service is not asked.
    const count = service.requests.length;
    expect((await reverse(own.cookie, KING_ABDULLAH.lat, KING_ABDULLAH.lng)).body).toMatchObject({ data: { source: 'address_book' }, service: 'not_asked' });
    expect(service.requests.length).toBe(count);
  });

  it.each(['error', 'hang'] as const)('answers from the address book alone when the service is down (%s)', async (mode) => {
    useService();
    service.setMode(mode);
    const started = Date.now();
    const found = await search(own.cookie, { q: 'king' });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ data: [expect.objectContaining({ label: 'King Abdullah Rd, Riyadh', source: 'address_book' })], service: 'unavailable' });
    const named = await reverse(own.cookie, 24.6, 46.6);
    expect(named.status).toBe(200);
    expect(named.body).toEqual({ data: null, service: 'unavailable' });
    // Within the timeout (300 ms each), not the service's silence.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps the path and query of GEOCODER_URL (a hosted API’s key)', async () => {
    useService({ GEOCODER_URL: `${service.url}/v1/?key=pk.test` });
    service.setMode('ok');
    expect((await search(own.cookie, { q: 'king' })).body.service).toBe('ok');
    const request = service.requests.at(-1)!;
    expect(request.path).toBe(api === 'nominatim' ? '/search' : '/api');
    expect(request.fullPath).toBe(api === 'nominatim' ? '/v1/search' : '/v1/api');
    expect(request.params.get('key')).toBe('pk.test');
    expect(request.params.get('q')).toBe('king');
  });

  it('asks the service at most once per GEOCODER_MIN_INTERVAL_MS, answering from the address book in between', async () => {
    // A URL of its own: the interval is kept per service.
    useService({ GEOCODER_URL: `${service.url}/throttled`, GEOCODER_MIN_INTERVAL_MS: '60000' });
    service.setMode('ok');
    const count = service.requests.length;
    await search(own.cookie, { q: 'king' });
    const second = await search(own.cookie, { q: 'king' });
    expect(second.body).toEqual({ data: [expect.objectContaining({ source: 'address_book' })], service: 'unavailable' });
    expect(service.requests.length).toBe(count + 1);
  });
});

describe('bad input', () => {
  it.each([
    [{}, /^q: /],
    [{ q: 'k' }, /^q: must be at least 2 characters/],
    [{ q: '   k  ' }, /^q: must be at least 2 characters/],
    [{ q: 'x'.repeat(201) }, /^q: must be at most 200/],
    [{ q: 'king', near: '24.7' }, /^near: must be "lat,lng"/],
    [{ q: 'king', near: '91,46' }, /^near\.0: must be <= 90/],
    [{ q: 'king', near: 'north,46' }, /^near\.0: must be a decimal number/],
    [{ q: 'king', limit: '0' }, /^limit: must be at least 1/],
    [{ q: 'king', limit: '11' }, /^limit: must be at most 10/],
    [{ q: 'king', lang: 'fr' }, /^lang: /],
  ])('refuses the search %j with 400 invalid_request naming the parameter', async (params, message) => {
    const response = await search(own.cookie, params as Record<string, string>);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(message);
  });

  it.each([
    [{ lat: '', lng: '46' }, /^lat: must be a decimal number/],
    [{ lat: '24.7' }, /^lng: /],
    [{ lat: '-91', lng: '46' }, /^lat: must be >= -90/],
    [{ lat: '24', lng: '181' }, /^lng: must be <= 180/],
    [{ lat: '1e3', lng: '46' }, /^lat: must be a decimal number/],
  ])('refuses the reverse lookup %j with 400 invalid_request', async (params, message) => {
    const response = await call('GET', `/api/staff/geocode/reverse?${new URLSearchParams(params)}`, { cookie: own.cookie });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(message);
  });

  it('answers 401 without a session and 405 to other methods', async () => {
    expect((await call('GET', '/api/staff/geocode/search?q=king')).status).toBe(401);
    expect((await call('GET', '/api/staff/geocode/reverse?lat=1&lng=2')).status).toBe(401);
    const posted = await call('POST', '/api/staff/geocode/search?q=king', { cookie: own.cookie, body: {} });
    expect(posted.status).toBe(405);
    expect(posted.body.error).toBe('method_not_allowed');
  });
});
