import type { LatLng, RouteEstimator } from '@/lib/pricing/shared/estimates/route-estimator';
import { straightLineEstimator } from '@/lib/pricing/shared/estimates/route-estimator';
import type { PriceFields, Pricing } from '@/lib/dispatch/shared/schemas';
import { formatMoney, priceDelivery, toMajor, type Price, type Tariff } from '@/lib/pricing/shared/tariff';

/** The price of the road from pickup to destination under a tariff (the estimate's price). */
export async function priceRoute(options: {
  pickup: LatLng;
  destination: LatLng;
  tariff: Tariff;
  estimator?: RouteEstimator;
}): Promise<Price> {
  const { estimator = straightLineEstimator } = options;
  const leg = await estimator.leg(options.pickup, options.destination);
  return priceDelivery(options.tariff, leg.distanceKm);
}

/** A price in the record's words: major units and display text, VAT and total. */
export function priceFields(price: Price, currency: string): PriceFields {
  const totalMinor = price.deliveryMinor + price.vatMinor;
  return {
    delivery_price: toMajor(price.deliveryMinor, currency),
    delivery_price_text: formatMoney(price.deliveryMinor, currency),
    vat_price: toMajor(price.vatMinor, currency),
    vat_price_text: formatMoney(price.vatMinor, currency),
    total_price: toMajor(totalMinor, currency),
    total_price_text: formatMoney(totalMinor, currency),
  };
}

/** The record's `pricing`, as a dispatch or a quote stores it. */
export function dispatchPricing(options: {
  price: Price;
  currency: string;
  quoteId: string | null;
  previous?: PriceFields | null;
}): Pricing {
  return { ...priceFields(options.price, options.currency), currency: options.currency, quote_id: options.quoteId, previous: options.previous ?? null };
}

/** The price part of a stored pricing, for `previous`. */
export function withoutQuote(pricing: Pricing): PriceFields {
  const { delivery_price, delivery_price_text, vat_price, vat_price_text, total_price, total_price_text } = pricing;
  return { delivery_price, delivery_price_text, vat_price, vat_price_text, total_price, total_price_text };
}
