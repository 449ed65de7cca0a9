import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { changeStatus } from '@/lib/dispatches/change-status';
import { platformScope } from '@/lib/tenancy/scope';
import { call } from '@/test/api';
import { dispatchBody, newAccount, newStaffSession } from '@/test/fixtures';

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
      async (apiKey: string) => {
        const { quote_id } = await quote(apiKey);
        await db().quote.update({ where: { id: quote_id }, data: { expiresAt: new Date(Date.now() - 1000) } });
        return { quote_id };
      },
    ],
    [
      'a used quote',
      'quote_used',
      async (apiKey: string) => {
        const { quote_id } = await quote(apiKey);
        expect((await call('POST', '/ext/dispatch', { apiKey, body: dispatchBody({ quote_id }) })).status).toBe(201);
        return { quote_id };
      },
    ],
    ['a destination 150 m from the quoted one', 'quote_mismatch', async (apiKey: string) => ({ quote_id: (await quote(apiKey)).quote_id, destination: north(BODY.destination, 150) })],
    ['a pickup 2 km from the quoted one', 'quote_mismatch', async (apiKey: string) => ({ quote_id: (await quote(apiKey)).quote_id, pickup: north(BODY.pickup, 2000) })],
  ] as [string, string, (apiKey: string) => Promise<object>][]) {
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
    for (const quote_id of ['', ' ', 'q'.repeat(101), 7]) {
      const response = await call('POST', '/ext/dispatch', { apiKey: account.api_key, body: { ...dispatchBody(), quote_id } });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
      expect(response.body.error_desc).toContain('quote_id');
    }
    expect(await dispatchCount(account.id)).toBe(0);
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
