import { beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '@/lib/accounts/server/internal/revoke-api-key';
import { db } from '@/lib/platform/server/db/client';
import { call, callTwiceIdempotent, createdDispatchId } from '@/test/api';
import { dispatchBody, newAccount } from '@/test/fixtures';

let account: Awaited<ReturnType<typeof newAccount>>;
let other: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  account = await newAccount();
  other = await newAccount();
});

async function countRows(accountId: string) {
  const [dispatches, entries, events] = await Promise.all([
    db().dispatch.count({ where: { accountId } }),
    db()
      .$queryRaw<{ entries: number }[]>`
        SELECT coalesce(sum(json_array_length(status_history)), 0)::int AS entries FROM dispatches WHERE account_id = ${accountId}`
      .then((rows) => rows[0]!.entries),
    db().dispatchEvent.count({ where: { accountId } }),
  ]);
  return { dispatches, entries, events };
}

describe('POST /ext/dispatch', () => {
  it('creates a dispatch (201 { data: { id } }) whose record round-trips everything sent', async () => {
    const body = dispatchBody();
    const id = createdDispatchId(await call('POST', '/ext/dispatch', { apiKey: account.api_key, body }));

    const read = await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key });
    expect(read.status).toBe(200);
    const record = read.body.data;
    expect(record).toMatchObject({
      id,
      assigned_driver_id: null,
      pickup: body.pickup,
      destination: body.destination,
      user_metadata: body.user_metadata,
      vendor_logo_url: body.vendor_logo_url,
      vendor_id: body.vendor_id,
      vendor_name: body.vendor_name,
      vendor_oid: body.vendor_oid,
      vendor_sid: body.vendor_sid,
      vendor_bid: body.vendor_bid,
      vendor_payload: body.vendor_payload,
      media_url: null,
    });
    expect(record.r_id).toMatch(/^[0-9A-Z]{8}$/);
    expect(record.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(record.modified_at).toBe(record.created_at);
    expect(record.status).toEqual([
      { status: 'new', status_captured_time: record.created_at, ref_id: body.vendor_id, ref_type: 'vendor' },
    ]);
    // The spec's field order, for the record and for each history entry.
    expect(Object.keys(record)).toEqual([
      'id', 'created_at', 'modified_at', 'r_id', 'assigned_driver_id', 'pickup', 'destination', 'user_metadata',
      'vendor_logo_url', 'vendor_id', 'vendor_name', 'vendor_oid', 'vendor_sid', 'vendor_bid', 'media_url',
      'vendor_payload', 'status', 'tracking_url', 'cancellation', 'ready_at', 'pickup_ready_at', 'dropoff_deadline', 'pricing',
      'dropoff_instructions', 'contactless', 'tip', 'expected_pickup_at', 'trip', 'current_status', 'pin_checked_at', 'cash_collected',
    ]);
    expect(record.cancellation).toBeNull();
    // Absent optional fields keep today's behaviour: no schedule, no details; priced by the tariff.
    expect(record).toMatchObject({ ready_at: null, pickup_ready_at: null, dropoff_deadline: null, dropoff_instructions: null, contactless: false, tip: null, expected_pickup_at: null, trip: null, current_status: 'new', pin_checked_at: null, cash_collected: null });
    expect(record.pricing).toMatchObject({ currency: 'SAR', quote_id: null, previous: null });
    expect(Object.keys(record.status[0])).toEqual(['status', 'status_captured_time', 'ref_id', 'ref_type']);
  });

  it('writes the history entry and the outbox event in the same transaction as the dispatch', async () => {
    const created = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() });
    const events = await db().dispatchEvent.findMany({ where: { dispatchId: created.body.data.id } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'dispatch.status_updated', sequence: 1 });
    const read = await call('GET', `/ext/dispatch/${created.body.data.id}`, { apiKey: account.api_key });
    expect(events[0]!.payload).toEqual({ ...read.body.data, fleet_id: null });
    expect(Object.keys(events[0]!.payload as object)).toEqual([...Object.keys(read.body.data), 'fleet_id']);
  });

  it('accepts a request without Content-Type (spec 1.3.0) and stores only the required fields when that is all it gets', async () => {
    const minimal: Partial<ReturnType<typeof dispatchBody>> = dispatchBody();
    delete minimal.vendor_logo_url;
    delete minimal.vendor_sid;
    delete minimal.vendor_payload;
    const created = await call('POST', '/ext/dispatch', { apiKey: account.api_key, raw: JSON.stringify(minimal) });
    expect(created.status).toBe(201);
    const read = await call('GET', `/ext/dispatch/${created.body.data.id}`, { apiKey: account.api_key });
    expect(read.body.data).toMatchObject({ vendor_logo_url: null, vendor_sid: null, vendor_payload: null });
  });

  it('ignores unknown fields instead of storing them', async () => {
    const created = await call('POST', '/ext/dispatch', {
      apiKey: account.api_key,
      body: { ...dispatchBody(), surprise: 1, pickup: { lat: 1, lng: 2, extra: 'x' } },
    });
    expect(created.status).toBe(201);
    const read = await call('GET', `/ext/dispatch/${created.body.data.id}`, { apiKey: account.api_key });
    expect(read.body.data.pickup).toEqual({ lat: 1, lng: 2 });
    expect(read.body.data).not.toHaveProperty('surprise');
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- mutations build deliberately ill-typed bodies
  const invalid: [string, (body: Record<string, any>) => unknown, RegExp][] = [
    ['a missing pickup', ({ pickup, ...rest }) => (void pickup, rest), /pickup/],
    ['a latitude above 90', (b) => ({ ...b, pickup: { lat: 90.5, lng: 1 } }), /pickup\.lat/],
    ['a longitude below -180', (b) => ({ ...b, destination: { lat: 1, lng: -181 } }), /destination\.lng/],
    ['a latitude given as a string', (b) => ({ ...b, pickup: { lat: '24.1', lng: 1 } }), /pickup\.lat/],
    ['a missing user_metadata.email', (b) => ({ ...b, user_metadata: { id: 'x', phone: '+966500000000' } }), /user_metadata\.email/],
    ['a non-string phone', (b) => ({ ...b, user_metadata: { ...b.user_metadata, phone: 966500000000 } }), /user_metadata\.phone/],
    ['an unknown payment_type', (b) => ({ ...b, vendor_payload: { payment_type: 'BITCOIN' } }), /vendor_payload\.payment_type/],
    ['a negative order price', (b) => ({ ...b, vendor_payload: { order_price: -1 } }), /vendor_payload\.order_price/],
    ['a negative item count', (b) => ({ ...b, vendor_payload: { order_details: [{ count: -2 }] } }), /vendor_payload\.order_details\.0\.count/],
    ['a fractional item count', (b) => ({ ...b, vendor_payload: { order_details: [{ count: 1.5 }] } }), /count/],
    ['a non-ISO currency', (b) => ({ ...b, vendor_payload: { currency: 'XYZ' } }), /vendor_payload\.currency/],
    ['a lowercase currency', (b) => ({ ...b, vendor_payload: { currency: 'sar' } }), /vendor_payload\.currency/],
    ['a locale key not shaped xx-yy', (b) => ({ ...b, vendor_name: { English: 'Burger' } }), /vendor_name/],
    ['an empty vendor_name', (b) => ({ ...b, vendor_name: {} }), /vendor_name/],
    ['a missing vendor_bid', ({ vendor_bid, ...rest }) => (void vendor_bid, rest), /vendor_bid/],
    ['a blank vendor_oid', (b) => ({ ...b, vendor_oid: '   ' }), /vendor_oid/],
    ['a NUL character', (b) => ({ ...b, vendor_id: 'a\u0000b' }), /vendor_id/],
    ['a logo URL that is not http(s)', (b) => ({ ...b, vendor_logo_url: 'javascript:alert(1)' }), /vendor_logo_url/],
    ['an array body', () => [1, 2], /body/],
    ['a null body', () => null, /body/],
  ];

  it.each(invalid)('refuses %s with 400 invalid_request naming the field, writing nothing', async (_, mutate, field) => {
    const before = await countRows(account.id);
    const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: mutate(dispatchBody()) });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.error_desc).toMatch(field);
    expect(await countRows(account.id)).toEqual(before);
  });

  it.each([
    ['malformed JSON', '{"pickup": '],
    ['an empty body', ''],
  ])('refuses %s with 400 invalid_json', async (_, raw) => {
    const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, raw });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_json');
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const body = dispatchBody({ vendor_sid: 'x'.repeat(1024 * 1024) });
    const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('payload_too_large');
  });

  it.each([
    ['no key', {}],
    ['an unknown key', { 'x-api-key': 'dsp_live_nope' }],
    ['a malformed bearer header', { authorization: 'Basic abc' }],
  ])('answers 401 for %s', async (_, headers) => {
    const response = await call('POST', '/ext/dispatch', { headers, body: dispatchBody() });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized', error_desc: expect.stringContaining('api_key') });
  });

  it('accepts the key in x-api-key, api_key and Authorization: Bearer', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'x-api-key': account.api_key },
      { api_key: account.api_key },
      { authorization: `Bearer ${account.api_key}` },
    ]) {
      expect((await call('POST', '/ext/dispatch', { headers, body: dispatchBody() })).status).toBe(201);
    }
  });

  it('answers 401 once a key is revoked', async () => {
    const fresh = await newAccount();
    const key = await db().apiKey.findFirstOrThrow({ where: { accountId: fresh.id } });
    expect((await call('GET', '/ext/dispatches', { apiKey: fresh.api_key })).status).toBe(200);
    await revokeApiKey({ accountId: fresh.id, id: key.id });
    expect((await call('GET', '/ext/dispatches', { apiKey: fresh.api_key })).status).toBe(401);
  });

  it('refuses a second dispatch with the same vendor_oid with 400 duplicate_vendor_oid', async () => {
    const body = dispatchBody();
    expect((await call('POST', '/ext/dispatch', { apiKey: account.api_key, body })).status).toBe(201);
    const again = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: { ...body, vendor_bid: 'other' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('duplicate_vendor_oid');
    expect(again.body.error_desc).toContain(body.vendor_oid);
  });

  it('lets two accounts use the same vendor_oid', async () => {
    const body = dispatchBody();
    expect((await call('POST', '/ext/dispatch', { apiKey: account.api_key, body })).status).toBe(201);
    expect((await call('POST', '/ext/dispatch', { apiKey: other.api_key, body })).status).toBe(201);
  });

  it('creates exactly one dispatch from concurrent identical requests', async () => {
    const body = dispatchBody();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => call('POST', '/ext/dispatch', { apiKey: account.api_key, body })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(11);
    expect(responses.filter((r) => r.status === 400).every((r) => r.body.error === 'duplicate_vendor_oid')).toBe(true);
    expect(await db().dispatch.count({ where: { accountId: account.id, vendorOid: body.vendor_oid } })).toBe(1);
    expect(await db().dispatchEvent.count({ where: { accountId: account.id, dispatch: { vendorOid: body.vendor_oid } } })).toBe(1);
  });

  describe('Idempotency-Key', () => {
    it('replays the stored response for a retried request', async () => {
      const body = dispatchBody();
      const [first, second] = await callTwiceIdempotent('POST', '/ext/dispatch', { apiKey: account.api_key, body, key: `key-${body.vendor_oid}` });
      expect(first.status).toBe(201);
      expect(second.headers.get('location')).toBe(`/ext/dispatch/${first.body.data.id}`);
      expect(first.headers.get('location')).toBe(second.headers.get('location'));
      expect(await db().dispatch.count({ where: { accountId: account.id, vendorOid: body.vendor_oid } })).toBe(1);
    });

    it('answers concurrent retries with one 201 and the rest replayed or told to wait', async () => {
      const body = dispatchBody();
      const headers = { 'idempotency-key': `race-${body.vendor_oid}` };
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => call('POST', '/ext/dispatch', { apiKey: account.api_key, body, headers })),
      );
      const ids = new Set(responses.filter((r) => r.status === 201).map((r) => r.body.data.id));
      expect(ids.size).toBe(1);
      expect(responses.every((r) => r.status === 201 || r.body.error === 'idempotency_in_progress')).toBe(true);
      expect(await db().dispatch.count({ where: { accountId: account.id, vendorOid: body.vendor_oid } })).toBe(1);
    });

    // Regression: 100,000 nested arrays with the header overflowed the stack while the request
    // was hashed, a 500. The body's depth is bounded before anything walks it.
    it('refuses a body nested 100,000 deep with 400, claims no key and writes nothing', async () => {
      const key = `deep-${Date.now()}`;
      const before = await countRows(account.id);
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, raw: deep, headers: { 'idempotency-key': key } });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_json');
      expect(await countRows(account.id)).toEqual(before);
      expect(await db().idempotencyKey.count({ where: { accountId: account.id, key } })).toBe(0);
    });

    // Regression: a lone UTF-16 surrogate in user_metadata.firstName or lastName answered 500
    // (PostgreSQL refused the JSON in the name-search index). Ill-formed text is a 400.
    it('refuses half a surrogate pair in a name or any text with 400, and writes nothing', async () => {
      const before = await countRows(account.id);
      const base = dispatchBody();
      for (const [body, path] of [
        [{ ...base, user_metadata: { ...base.user_metadata, firstName: 'Sara\ud800' } }, 'user_metadata.firstName'],
        [{ ...base, user_metadata: { ...base.user_metadata, lastName: '\udc00' } }, 'user_metadata.lastName'],
        [{ ...base, vendor_payload: { items: ['gate \ud83d code'] } }, 'vendor_payload.items[0]'],
      ] as const) {
        const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body, headers: { 'idempotency-key': `surrogate-${path}-${Date.now()}` } });
        expect(response.status, path).toBe(400);
        expect(response.body).toEqual({ error: 'invalid_request', error_desc: expect.stringContaining(`${path}: is not well-formed Unicode`) });
      }
      expect(await countRows(account.id)).toEqual(before);
    });

    it('refuses the same key with a different body with 422', async () => {
      const headers = { 'idempotency-key': `reuse-${Date.now()}` };
      expect((await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody(), headers })).status).toBe(201);
      const reused = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody(), headers });
      expect(reused.status).toBe(422);
      expect(reused.body.error).toBe('idempotency_key_reused');
    });

    it('scopes keys to the account', async () => {
      const headers = { 'idempotency-key': `shared-${Date.now()}` };
      const mine = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody(), headers });
      const theirs = await call('POST', '/ext/dispatch', { apiKey: other.api_key, body: dispatchBody(), headers });
      expect(theirs.status).toBe(201);
      expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    });
  });
});

describe('GET /ext/dispatch/{id}', () => {
  it("answers 404 for another account's dispatch, exactly as for a missing one", async () => {
    const created = await call('POST', '/ext/dispatch', { apiKey: other.api_key, body: dispatchBody() });
    const foreign = await call('GET', `/ext/dispatch/${created.body.data.id}`, { apiKey: account.api_key });
    const missing = await call('GET', '/ext/dispatch/dsp_doesnotexist', { apiKey: account.api_key });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
    expect(foreign.body.error_desc.replace(created.body.data.id, 'X')).toBe(missing.body.error_desc.replace('dsp_doesnotexist', 'X'));
  });

  it('answers 401 without a key', async () => {
    expect((await call('GET', '/ext/dispatch/whatever')).status).toBe(401);
  });
});

describe('PATCH /ext/dispatch/{id}/destination', () => {
  it('changes the destination (204, no body), moves modified_at and writes an event', async () => {
    const created = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() });
    const id = created.body.data.id;
    const before = (await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body.data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const destination = { lat: 24.8, lng: 46.8, address_line: 'New place', ref_id: 'addr-2' };
    const patched = await call('PATCH', `/ext/dispatch/${id}/destination`, { apiKey: account.api_key, body: destination });
    expect(patched.status).toBe(204);
    expect(patched.body).toBeUndefined();
    const after = (await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body.data;
    expect(after.destination).toEqual(destination);
    expect(after.modified_at > before.modified_at).toBe(true);
    expect(after.created_at).toBe(before.created_at);
    const events = await db().dispatchEvent.findMany({ where: { dispatchId: id }, orderBy: { sequence: 'asc' } });
    expect(events.map((event) => [event.type, event.sequence])).toEqual([
      ['dispatch.status_updated', 1],
      ['dispatch.destination_updated', 2],
    ]);
  });

  it('refuses an invalid address with 400 and changes nothing', async () => {
    const created = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() });
    const id = created.body.data.id;
    const response = await call('PATCH', `/ext/dispatch/${id}/destination`, { apiKey: account.api_key, body: { lat: 100 } });
    expect(response.status).toBe(400);
    expect(response.body.error_desc).toMatch(/lat/);
    expect(response.body.error_desc).toMatch(/lng/);
    expect(await db().dispatchEvent.count({ where: { dispatchId: id } })).toBe(1);
  });

  it("answers 404 for a missing or another account's dispatch", async () => {
    const created = await call('POST', '/ext/dispatch', { apiKey: other.api_key, body: dispatchBody() });
    const body = { lat: 1, lng: 1 };
    expect((await call('PATCH', `/ext/dispatch/${created.body.data.id}/destination`, { apiKey: account.api_key, body })).status).toBe(404);
    expect((await call('PATCH', '/ext/dispatch/nope/destination', { apiKey: account.api_key, body })).status).toBe(404);
    const theirs = (await call('GET', `/ext/dispatch/${created.body.data.id}`, { apiKey: other.api_key })).body.data;
    expect(theirs.destination).toEqual(dispatchBody().destination);
  });

  it('answers 401 without a key', async () => {
    expect((await call('PATCH', '/ext/dispatch/x/destination', { body: { lat: 1, lng: 1 } })).status).toBe(401);
  });
});
