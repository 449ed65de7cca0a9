import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { changeStatus } from '@/lib/dispatch/server/change-status';
import { resetEnvForTests } from '@/lib/platform/server/env';
import { quoteKeys } from '@/lib/pricing/server/internal/quotes/quote-keys';
import { signQuote, verifyQuote } from '@/lib/pricing/server/internal/quotes/quote-token';
import { platformScope } from '@/lib/platform/server/tenancy/scope';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newStaffSession } from '@/test/fixtures';
import { statementsDuring, writesAmong } from '@/test/sql-statements';

// dispatchBody's pickup and destination.
const BODY = dispatchBody();
const ROUTE = { pickup: BODY.pickup, destination: BODY.destination };
/** About `m` metres north of a point. */
const north = (point: { lat: number; lng: number }, m: number) => ({ ...point, lat: point.lat + m / 111_320 });

async function quote(apiKey: string, route: object = ROUTE) {
  const response = await call('POST', '/ext/estimate', { apiKey, body: route });
  expect(response.status).toBe(200);
  return response.body.data;
}

async function dispatchCount(accountId: string) {
  return db().dispatch.count({ where: { accountId } });
}

/** The token with one byte of its decoded form flipped (`at` from the end when negative). */
function flipByte(quoteId: string, at: number): string {
  const bytes = Buffer.from(quoteId.slice('quo_'.length), 'base64url');
  bytes[at < 0 ? bytes.length + at : at]! ^= 0x01;
  return `quo_${bytes.toString('base64url')}`;
}

/** A quote of `apiKey`'s account signed by the server's current key, with its claims changed by `change`. */
async function resigned(apiKey: string, change: (claims: NonNullable<ReturnType<typeof verifyQuote>>) => void) {
  const keys = await quoteKeys();
  const claims = verifyQuote((await quote(apiKey)).quote_id, keys)!;
  change(claims);
  return signQuote(claims, keys[0]!);
}

describe('locked quotes', () => {
  it('estimate holds its prices for 10 minutes under a quote_id; a create naming it is charged them', async () => {
    const account = await newAccount();
    const estimate = await quote(account.api_key);
    expect(estimate.quote_id).toMatch(/^quo_/);
    const expiresIn = Date.parse(`${estimate.quote_expires_at.replace(' ', 'T')}Z`) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);
    // The tariff changes after the quote: the quoted price still applies.
    await db().account.update({ where: { id: account.id }, data: { perKmMinor: 900 } });
    const created = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody({ quote_id: estimate.quote_id }) });
    expect(created.status).toBe(201);
    const record = (await call('GET', `/ext/dispatch/${created.body.data.id}`, { apiKey: account.api_key })).body.data;
    expect(record.pricing).toMatchObject({
      delivery_price: estimate.delivery_price,
      delivery_price_text: estimate.delivery_price_text,
      vat_price: estimate.vat_price,
      vat_price_text: estimate.vat_price_text,
      currency: 'SAR',
      quote_id: estimate.quote_id,
      previous: null,
    });
    expect(record.pricing.total_price).toBeCloseTo(estimate.delivery_price + estimate.vat_price, 2);
  });

  it('prices a create without a quote by the account tariff at creation, as the estimate would', async () => {
    const account = await newAccount();
    const estimate = await quote(account.api_key);
    const created = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() });
    const record = (await call('GET', `/ext/dispatch/${created.body.data.id}`, { apiKey: account.api_key })).body.data;
    expect(record.pricing).toMatchObject({ delivery_price: estimate.delivery_price, vat_price: estimate.vat_price, quote_id: null });
  });

  it('accepts a pickup and destination within 100 m of the quoted ones', async () => {
    const account = await newAccount();
    const estimate = await quote(account.api_key);
    const body = dispatchBody({ quote_id: estimate.quote_id, pickup: north(BODY.pickup, 60), destination: north(BODY.destination, 90) });
    expect((await call('POST', '/ext/dispatch', { apiKey: account.api_key, body })).status).toBe(201);
  });

  for (const [name, code, prepare] of [
    ['an unknown quote', 'quote_not_found', async () => ({ quote_id: 'quo_unknown' })],
    ['another account’s quote', 'quote_not_found', async () => ({ quote_id: (await quote((await newAccount()).api_key)).quote_id })],
    [
      'an expired quote',
      'quote_expired',
      async (apiKey: string) => ({ quote_id: await resigned(apiKey, (claims) => (claims.expiresAt = new Date(Date.now() - 1000))) }),
    ],
    // Tampered: one bit of the claims (the key id's length, the nonce, the expiry, the delivery
    // price, the account id's last byte) or of the MAC flipped.
    ...[1, 5, 14, 38, -33].map(
      (at) =>
        [`a quote with a byte of its claims changed (byte ${at})`, 'quote_not_found', async (apiKey: string) => ({ quote_id: flipByte((await quote(apiKey)).quote_id, at) })] as const,
    ),
    ...[-1, -32].map(
      (at) =>
        [`a quote with a byte of its signature changed (byte ${at})`, 'quote_not_found', async (apiKey: string) => ({ quote_id: flipByte((await quote(apiKey)).quote_id, at) })] as const,
    ),
    ['a quote cut short', 'quote_not_found', async (apiKey: string) => ({ quote_id: (await quote(apiKey)).quote_id.slice(0, -4) })],
    ['a quote signed by an unknown key', 'quote_not_found', async (apiKey: string) => {
      const claims = verifyQuote((await quote(apiKey)).quote_id, await quoteKeys())!;
      return { quote_id: signQuote(claims, { kid: 'forged', secret: 'x'.repeat(40) }) };
    }],
    ['a malformed quote', 'quote_not_found', async () => ({ quote_id: 'quo_not base64!' })],
    ['a quote_id of the stored quotes that were', 'quote_not_found', async () => ({ quote_id: 'quo_mi9x2k3f0000a1b2c3d4e' })],
    [
      'a used quote',
      'quote_used',
      async (apiKey: string) => {
        const { quote_id } = await quote(apiKey);
        expect((await call('POST', '/ext/dispatch', { apiKey, body: dispatchBody({ quote_id }) })).status).toBe(201);
        return { quote_id };
      },
    ],
    [
      'a used quote, with a moved destination too',
      'quote_used',
      async (apiKey: string) => {
        const { quote_id } = await quote(apiKey);
        expect((await call('POST', '/ext/dispatch', { apiKey, body: dispatchBody({ quote_id }) })).status).toBe(201);
        return { quote_id, destination: north(BODY.destination, 150) };
      },
    ],
    ['a destination 150 m from the quoted one', 'quote_mismatch', async (apiKey: string) => ({ quote_id: (await quote(apiKey)).quote_id, destination: north(BODY.destination, 150) })],
    ['a pickup 2 km from the quoted one', 'quote_mismatch', async (apiKey: string) => ({ quote_id: (await quote(apiKey)).quote_id, pickup: north(BODY.pickup, 2000) })],
  ] as (readonly [string, string, (apiKey: string) => Promise<object>])[]) {
    it(`refuses ${name}: 400 ${code}, nothing written`, async () => {
      const account = await newAccount();
      const overrides = await prepare(account.api_key);
      const before = await dispatchCount(account.id);
      const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody(overrides) });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(code);
      expect(response.body.error_desc).toMatch(/^quote_id: /);
      expect(await dispatchCount(account.id)).toBe(before);
    });
  }

  it('refuses a blank or overlong quote_id as invalid_request', async () => {
    const account = await newAccount();
    for (const quote_id of ['', ' ', 'q'.repeat(251), 7]) {
      const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: { ...dispatchBody(), quote_id } });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
      expect(response.body.error_desc).toContain('quote_id');
    }
    expect(await dispatchCount(account.id)).toBe(0);
  });

  it('names a used quote before a repeated vendor_oid, as when quotes were rows', async () => {
    const account = await newAccount();
    const { quote_id } = await quote(account.api_key);
    const first = dispatchBody({ quote_id });
    expect((await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: first })).status).toBe(201);
    const again = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: { ...first, vendor_oid: first.vendor_oid } });
    expect(again.body.error).toBe('quote_used');
    const other = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody({ vendor_oid: first.vendor_oid }) });
    expect(other.body.error).toBe('duplicate_vendor_oid');
  });

  it('lets exactly one of two concurrent creates use a quote; the other is quote_used, never a 500', async () => {
    const account = await newAccount();
    for (let round = 0; round < 10; round++) {
      const { quote_id } = await quote(account.api_key);
      const answers = await Promise.all(
        [1, 2].map(() => call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody({ quote_id }) })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
      expect(answers.find((answer) => answer.status === 400)!.body.error).toBe('quote_used');
      expect(await db().dispatch.count({ where: { quoteId: quote_id } })).toBe(1);
    }
    expect(await dispatchCount(account.id)).toBe(10);
  });

  it('the dashboard’s estimate quotes too, and its create can use the quote', async () => {
    const account = await newAccount();
    const staff = await newStaffSession(account.id);
    const estimate = await call('POST', '/api/staff/estimate', { cookie: staff.cookie, body: ROUTE });
    expect(estimate.body.data.quote_id).toMatch(/^quo_/);
    const created = await call('POST', '/api/staff/dispatches', { cookie: staff.cookie, body: dispatchBody({ quote_id: estimate.body.data.quote_id }) });
    expect(created.status).toBe(201);
  });
});

describe('signed quotes', () => {
  afterEach(() => {
    delete process.env.QUOTE_SIGNING_KEYS;
    resetEnvForTests();
  });

  const useKeys = (keys: string | undefined) => {
    if (keys === undefined) delete process.env.QUOTE_SIGNING_KEYS;
    else process.env.QUOTE_SIGNING_KEYS = keys;
    resetEnvForTests();
  };
  const OLD = `old:${'o'.repeat(40)}`;
  const NEW = `new:${'n'.repeat(40)}`;

  it('an estimate writes nothing: no statement that changes a row, no row anywhere', async () => {
    const account = await newAccount();
    await quote(account.api_key); // the first loads the stored key and the API key's caller
    const rowCounts = async () =>
      Promise.all(
        (await db().$queryRaw<{ table_name: string }[]>`
          SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`).map(
          async ({ table_name }) => [table_name, Number((await db().$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${table_name}"`))[0]!.n)],
        ),
      );
    const before = await rowCounts();
    const statements = await statementsDuring(() => Promise.all(Array.from({ length: 20 }, () => quote(account.api_key))));
    expect(writesAmong(statements)).toEqual([]);
    // Not even a read: the caller and the signing key are cached.
    expect(statements).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    // The count sees what the database is sent: a create's insert shows.
    const create = await statementsDuring(() => call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() }));
    expect(writesAmong(create)).toHaveLength(1);
  });

  it('a quote is about 150 URL-safe characters and names its key', async () => {
    const account = await newAccount();
    const { quote_id } = await quote(account.api_key);
    expect(quote_id).toMatch(/^quo_[\w-]+$/);
    expect(quote_id.length).toBeLessThanOrEqual(150);
    useKeys(`${NEW},${OLD}`);
    expect(verifyQuote((await quote(account.api_key)).quote_id, await quoteKeys())).not.toBeNull();
  });

  it('every estimate is its own quote, even of one route at the same moment: each is good for one create', async () => {
    const account = await newAccount();
    const quoteIds = (await Promise.all(Array.from({ length: 20 }, () => quote(account.api_key)))).map((estimate) => estimate.quote_id);
    expect(new Set(quoteIds).size).toBe(20);
    const created = await Promise.all(quoteIds.map((quote_id) => call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody({ quote_id }) })));
    expect(created.map((answer) => answer.status)).toEqual(quoteIds.map(() => 201));
  });

  it('key rotation: a quote of the old key verifies while the old key is listed second, and not once it is removed', async () => {
    const account = await newAccount();
    useKeys(OLD);
    const signedByOld = [(await quote(account.api_key)).quote_id, (await quote(account.api_key)).quote_id];
    useKeys(`${NEW},${OLD}`);
    const signedByNew = (await quote(account.api_key)).quote_id;
    expect(verifyQuote(signedByNew, [{ kid: 'new', secret: 'n'.repeat(40) }])).not.toBeNull();
    for (const quote_id of [signedByOld[0]!, signedByNew]) {
      expect((await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody({ quote_id }) })).status).toBe(201);
    }
    useKeys(NEW);
    const refused = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody({ quote_id: signedByOld[1] }) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('quote_not_found');
    // Nor does a quote of the stored key once keys are configured.
    useKeys(undefined);
    const stored = (await quote(account.api_key)).quote_id;
    useKeys(NEW);
    expect((await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody({ quote_id: stored }) })).body.error).toBe('quote_not_found');
  });

  it('the stored key is one per database: generated once, the same after a reload', async () => {
    const rows = await db().serverSecret.findMany({ where: { name: 'quote_signing' } });
    expect(rows).toHaveLength(1);
    expect((await quoteKeys())[0]).toEqual({ kid: 'db', secret: rows[0]!.secret });
  });
});

describe('repricing on a destination change', () => {
  it('reprices by the tariff, keeps the price before in pricing.previous and announces it', async () => {
    const account = await newAccount();
    const { quote_id } = await quote(account.api_key);
    const { id } = (await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody({ quote_id }) })).body.data;
    const before = (await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body.data.pricing;
    // Twice as far from the pickup: a higher price.
    const farther = { lat: BODY.pickup.lat + 2 * (BODY.destination.lat - BODY.pickup.lat), lng: BODY.pickup.lng + 2 * (BODY.destination.lng - BODY.pickup.lng) };
    expect((await call('PATCH', `/ext/dispatch/${id}/destination`, { apiKey: account.api_key, body: farther })).status).toBe(204);
    const after = (await call('GET', `/ext/dispatch/${id}`, { apiKey: account.api_key })).body.data.pricing;
    expect(after.delivery_price).toBeGreaterThan(before.delivery_price);
    expect(after.quote_id).toBe(quote_id);
    expect(after.previous).toEqual({
      delivery_price: before.delivery_price,
      delivery_price_text: before.delivery_price_text,
      vat_price: before.vat_price,
      vat_price_text: before.vat_price_text,
      total_price: before.total_price,
      total_price_text: before.total_price_text,
    });
    const event = await db().dispatchEvent.findFirst({ where: { dispatchId: id, type: 'dispatch.destination_updated' }, select: { payload: true } });
    expect((event!.payload as { pricing: unknown }).pricing).toEqual(after);
  });

  it('does not reprice a refused change', async () => {
    const account = await newAccount();
    const { id } = (await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: dispatchBody() })).body.data;
    await changeStatus({ id, scope: platformScope(), status: 'cancelled', actor: { refType: 'admin', refId: 'test' } });
    const before = await db().dispatch.findUniqueOrThrow({ where: { id }, select: { pricing: true } });
    expect((await call('PATCH', `/ext/dispatch/${id}/destination`, { apiKey: account.api_key, body: north(BODY.destination, 5000) })).status).toBe(409);
    expect(await db().dispatch.findUniqueOrThrow({ where: { id }, select: { pricing: true } })).toEqual(before);
  });
});
