import type { EstimateBody, Estimate } from '@/lib/dispatch/shared/estimate-schemas';
import { straightLineEstimator, type RouteEstimator } from '@/lib/pricing/shared/estimates/route-estimator';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { formatMoney, priceDelivery, toMajor, type Price, type Tariff } from '@/lib/pricing/shared/tariff';

/** Minutes for a courier to reach the pickup point when no driver position is known yet. */
export const COURIER_APPROACH_MIN = 10;

const MINUTE_MS = 60_000;

interface EstimateOptions {
  input: EstimateBody;
  tariff: Tariff;
  estimator?: RouteEstimator;
  now?: Date;
}

/** Times (whole minutes, and the planned pickup and drop-off) and prices for delivering from pickup to destination under a tariff. */
export async function estimateDelivery(options: EstimateOptions): Promise<Estimate> {
  return (await estimateWithPrice(options)).estimate;
}

/** The estimate and its price in minor units (what a quote keeps). */
export async function estimateWithPrice(options: EstimateOptions): Promise<{ estimate: Estimate; price: Price }> {
  const { input, tariff, estimator = straightLineEstimator, now = new Date() } = options;
  const leg = await estimator.leg(input.pickup, input.destination);
  const pickupMin = Math.max(COURIER_APPROACH_MIN, input.pickup_wait_time ?? 0);
  const destinationMin = Math.max(1, Math.ceil(leg.durationMin));
  const { deliveryMinor, vatMinor } = priceDelivery(tariff, leg.distanceKm);
  const readyAt = input.pickup_ready_at === undefined ? 0 : Date.parse(input.pickup_ready_at);
  const pickupAt = Math.max(now.getTime() + pickupMin * MINUTE_MS, readyAt);
  const estimate: Estimate = {
    pickup_estimated_time: pickupMin,
    destination_estimated_time: destinationMin,
    total_estimated_time: pickupMin + destinationMin,
    delivery_price: toMajor(deliveryMinor, tariff.currency),
    delivery_price_text: formatMoney(deliveryMinor, tariff.currency),
    vat_price: toMajor(vatMinor, tariff.currency),
    vat_price_text: formatMoney(vatMinor, tariff.currency),
    planned_pickup_at: formatTimestamp(new Date(pickupAt)),
    planned_dropoff_at: formatTimestamp(new Date(pickupAt + destinationMin * MINUTE_MS)),
  };
  return { estimate, price: { deliveryMinor, vatMinor } };
}
