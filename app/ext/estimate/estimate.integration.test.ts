import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/server/db/client';
import { call } from '@/test/api';
import { ESTIMATE_FIELDS, RIYADH_NORTH, RIYADH_OLAYA, newAccount } from '@/test/fixtures';

let account: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  account = await newAccount();
});

describe('POST /ext/estimate', () => {
  it('prices with the default tariff (SAR, VAT 15 %) and adds up the times', async () => {
    const response = await call('POST', '/ext/estimate', {
      apiKey: account.api_key,
      body: { pickup: RIYADH_OLAYA, destination: RIYADH_NORTH, pickup_wait_time: 15 },
    });
    expect(response.status).toBe(200);
    const estimate = response.body.data;
    expect(Object.keys(estimate).sort()).toEqual(ESTIMATE_FIELDS);
    expect(estimate.pickup_estimated_time).toBeGreaterThanOrEqual(15);
    expect(estimate.total_estimated_time).toBe(estimate.pickup_estimated_time + estimate.destination_estimated_time);
    expect(estimate.vat_price).toBe(Math.round(estimate.delivery_price * 0.15 * 100) / 100);
    expect(estimate.delivery_price_text).toBe(`${estimate.delivery_price.toFixed(2)} SAR`);
    expect(estimate.vat_price_text).toBe(`${estimate.vat_price.toFixed(2)} SAR`);
  });

  it("uses the account's own tariff", async () => {
    const custom = await newAccount();
    await db().account.update({
      where: { id: custom.id },
      data: { currency: 'KWD', baseFareMinor: 500, perKmMinor: 100, minFareMinor: 0, vatRateBps: 0 },
    });
    const response = await call('POST', '/ext/estimate', {
      apiKey: custom.api_key,
      body: { pickup: RIYADH_OLAYA, destination: RIYADH_OLAYA },
    });
    expect(response.body.data).toMatchObject({
      delivery_price: 0.5,
      delivery_price_text: '0.500 KWD',
      vat_price: 0,
      vat_price_text: '0.000 KWD',
    });
  });

  it('never prices a farther destination lower', async () => {
    let previous = 0;
    for (let km = 0; km <= 40; km += 2) {
      const destination = { lat: RIYADH_OLAYA.lat + km / 111, lng: RIYADH_OLAYA.lng };
      const response = await call('POST', '/ext/estimate', { apiKey: account.api_key, body: { pickup: RIYADH_OLAYA, destination } });
      expect(response.body.data.delivery_price).toBeGreaterThanOrEqual(previous);
      previous = response.body.data.delivery_price;
    }
    expect(previous).toBeGreaterThan(15);
  });

  it.each([
    [{ destination: RIYADH_NORTH }, /pickup/],
    [{ pickup: RIYADH_OLAYA }, /destination/],
    [{ pickup: RIYADH_OLAYA, destination: { lat: 91, lng: 0 } }, /destination\.lat/],
    [{ pickup: RIYADH_OLAYA, destination: RIYADH_NORTH, pickup_wait_time: -5 }, /pickup_wait_time/],
    [{ pickup: RIYADH_OLAYA, destination: RIYADH_NORTH, pickup_wait_time: 2.5 }, /pickup_wait_time/],
  ])('refuses %j with 400', async (body, field) => {
    const response = await call('POST', '/ext/estimate', { apiKey: account.api_key, body });
    expect(response.status).toBe(400);
    expect(response.body.error_desc).toMatch(field);
  });

  it('answers 401 without a key', async () => {
    expect((await call('POST', '/ext/estimate', { body: { pickup: RIYADH_OLAYA, destination: RIYADH_NORTH } })).status).toBe(401);
  });
});
