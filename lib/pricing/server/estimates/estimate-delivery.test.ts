import { describe, expect, it } from 'vitest';
import { COURIER_APPROACH_MIN, estimateDelivery } from '@/lib/pricing/server/estimates/estimate-delivery';
import { greatCircleKm, type RouteEstimator } from '@/lib/pricing/shared/estimates/route-estimator';
import { formatMoney, priceDelivery, type Tariff } from '@/lib/pricing/shared/tariff';

const SAR: Tariff = { currency: 'SAR', baseFareMinor: 1000, perKmMinor: 250, minFareMinor: 1500, vatRateBps: 1500 };
const here = { lat: 24.7, lng: 46.7 };

describe('greatCircleKm', () => {
  it('measures one degree of latitude as about 111 km', () => {
    expect(greatCircleKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.2, 0);
    expect(greatCircleKm(here, here)).toBe(0);
  });
});

describe('priceDelivery', () => {
  it('charges at least the minimum, then base + per km, with VAT on top', () => {
    expect(priceDelivery(SAR, 0)).toEqual({ deliveryMinor: 1500, vatMinor: 225 });
    expect(priceDelivery(SAR, 10)).toEqual({ deliveryMinor: 3500, vatMinor: 525 });
  });

  it('is never lower for a longer distance', () => {
    let previous = 0;
    for (let km = 0; km < 100; km += 0.37) {
      const { deliveryMinor } = priceDelivery(SAR, km);
      expect(deliveryMinor).toBeGreaterThanOrEqual(previous);
      previous = deliveryMinor;
    }
  });

  it('formats with the currency’s own decimals', () => {
    expect(formatMoney(1875, 'SAR')).toBe('18.75 SAR');
    expect(formatMoney(1875, 'JPY')).toBe('1875 JPY');
    expect(formatMoney(1875, 'KWD')).toBe('1.875 KWD');
  });
});

describe('estimateDelivery', () => {
  const fixedRoute = (distanceKm: number, durationMin: number): RouteEstimator => ({
    leg: async () => ({ distanceKm, durationMin }),
  });

  it('adds the courier approach (or the longer pickup wait) to the ride, in whole minutes', async () => {
    const quick = await estimateDelivery({ input: { pickup: here, destination: here }, tariff: SAR, estimator: fixedRoute(4, 9.2) });
    expect(quick).toMatchObject({ pickup_estimated_time: COURIER_APPROACH_MIN, destination_estimated_time: 10, total_estimated_time: 20 });
    const slowKitchen = await estimateDelivery({
      input: { pickup: here, destination: here, pickup_wait_time: 25 },
      tariff: SAR,
      estimator: fixedRoute(4, 9.2),
    });
    expect(slowKitchen.pickup_estimated_time).toBe(25);
    expect(slowKitchen.total_estimated_time).toBe(35);
  });

  it('prices from the route distance', async () => {
    const estimate = await estimateDelivery({ input: { pickup: here, destination: here }, tariff: SAR, estimator: fixedRoute(10, 20) });
    expect(estimate).toMatchObject({ delivery_price: 35, delivery_price_text: '35.00 SAR', vat_price: 5.25, vat_price_text: '5.25 SAR' });
  });
});
